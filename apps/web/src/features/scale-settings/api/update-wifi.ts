import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WifiBody } from '@beerscale/contract/scales';
import { updateWifi } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';
import { scaleSettingsQueryOptions } from './scale-settings';

export function useUpdateWifi(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WifiBody) => call(updateWifi, { params: { mac }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: scaleSettingsQueryOptions(mac).queryKey }),
  });
}
