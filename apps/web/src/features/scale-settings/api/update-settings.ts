import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody } from '@beerscale/contract/scales';
import { updateSettings } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';
import { ownScalesQueryOptions } from '../../../lib/own-scales';
import { scaleSettingsQueryOptions } from './scale-settings';

/**
 * A scale's general settings; a bridged Bluetooth scale takes only `device_name` (the server
 * refuses the rest). `device_name` is also the scale's name, so the scale lists refresh too.
 */
export function useUpdateSettings(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsBody['settings']) =>
      call(updateSettings, { params: { mac }, body: { settings } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownScalesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: scaleSettingsQueryOptions(mac).queryKey }),
      ]),
  });
}
