import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody } from '@beerscale/contract/scales';
import { updateSettings } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';
import { scaleSettingsQueryOptions } from './scale-settings';

export function useUpdateSettings(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsBody['settings']) =>
      call(updateSettings, { params: { mac }, body: { settings } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: scaleSettingsQueryOptions(mac).queryKey }),
  });
}
