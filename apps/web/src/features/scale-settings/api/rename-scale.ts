import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateSettings } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';
import { ownScalesQueryOptions } from '../../../lib/own-scales';
import { scaleSettingsQueryOptions } from './scale-settings';

/**
 * A bridged Bluetooth scale's one setting: its name (PUT .../settings with `device_name` only;
 * the server refuses the device settings for such a scale). The lists show the new name.
 */
export function useRenameScale(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceName: string) =>
      call(updateSettings, { params: { mac }, body: { settings: { device_name: deviceName } } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownScalesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: scaleSettingsQueryOptions(mac).queryKey }),
      ]),
  });
}
