import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody } from '@beerscale/contract/scales';
import { api } from '../../../lib/api-client';
import { scaleSettingsQueryOptions } from './scale-settings';

export function useUpdateSettings(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsBody['settings']) =>
      api('PUT', `/api/scale-settings/scales/${mac}/settings`, { body: { settings } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: scaleSettingsQueryOptions(mac).queryKey }),
  });
}
