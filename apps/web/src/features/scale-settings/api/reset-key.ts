import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetOwnScaleKey } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';
import { ownScalesQueryOptions } from '../../../lib/own-scales';

/**
 * The owner forgets their scale's pairing key (POST /api/scale-settings/scales/{mac}/reset-key):
 * a device connected with it is cut off, and the scale pairs again by its code.
 */
export function useResetScaleKey(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(resetOwnScaleKey, { params: { mac } }),
    // The list shows the scale disconnected, then waiting for its code.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownScalesQueryOptions().queryKey }),
  });
}
