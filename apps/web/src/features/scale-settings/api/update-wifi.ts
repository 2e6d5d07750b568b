import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WifiBody } from '@beerscale/contract/scales';
import { api } from '../../../lib/api-client';
import { scaleSettingsQueryOptions } from './scale-settings';

export function useUpdateWifi(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WifiBody) => api('PUT', `/api/scale-settings/scales/${mac}/wifi`, { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: scaleSettingsQueryOptions(mac).queryKey }),
  });
}
