import { queryOptions, useQuery } from '@tanstack/react-query';
import { scaleSettings } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';

export const scaleSettingsQueryOptions = (mac: string) =>
  queryOptions({
    queryKey: ['scale-settings', 'settings', mac],
    // The settings and what the scale reported about them (a network it could not join).
    queryFn: () => call(scaleSettings, { params: { mac } }),
  });

export function useScaleSettings(mac: string | null) {
  return useQuery({ ...scaleSettingsQueryOptions(mac ?? ''), enabled: mac !== null });
}
