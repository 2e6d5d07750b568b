import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const scaleSettingsQueryOptions = (mac: string) =>
  queryOptions({
    queryKey: ['scale-settings', 'settings', mac],
    queryFn: () =>
      api<{ settings: Record<string, string> }>(
        'GET',
        `/api/scale-settings/scales/${mac}/settings`,
      ).then((r) => r.settings),
  });

export function useScaleSettings(mac: string | null) {
  return useQuery({ ...scaleSettingsQueryOptions(mac ?? ''), enabled: mac !== null });
}
