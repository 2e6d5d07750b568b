import { queryOptions, useQuery } from '@tanstack/react-query';
import { scaleSettings } from '@beerscale/contract/api/scales';
import type { SettingsReply } from '@beerscale/contract/scales';
import { call } from '../../../lib/api-client';
import { SCALES_REFRESH_MS } from './scales';

export const scaleSettingsQueryOptions = (mac: string) =>
  queryOptions({
    queryKey: ['scale-settings', 'settings', mac],
    // The settings and what the scale reported about them (a network it could not join).
    queryFn: () => call(scaleSettings, { params: { mac } }),
  });

/**
 * While the scale is sent a network it has not reported failing, its report can come at any
 * moment (it tries the network, goes back, reconnects, then says so): read again as often as the
 * scales' list, so the owner sees it without reloading.
 */
export function wifiReportRefreshMs(reply: SettingsReply | undefined): number | false {
  return reply?.settings.wifi_ssid && reply.wifi_failed_ssid === null ? SCALES_REFRESH_MS : false;
}

export function useScaleSettings(mac: string | null) {
  return useQuery({
    ...scaleSettingsQueryOptions(mac ?? ''),
    enabled: mac !== null,
    refetchInterval: (query) => wifiReportRefreshMs(query.state.data),
  });
}
