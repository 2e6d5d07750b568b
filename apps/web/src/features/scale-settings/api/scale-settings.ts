import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const scaleSettingsKey = (mac: string) => ['scale-settings', 'settings', mac] as const;

export function useScaleSettings(mac: string | null) {
  return useQuery({
    queryKey: scaleSettingsKey(mac ?? ''),
    queryFn: () =>
      api<{ settings: Record<string, string> }>(
        'GET',
        `/api/scale-settings/scales/${mac}/settings`,
      ).then((r) => r.settings),
    enabled: mac !== null,
  });
}
