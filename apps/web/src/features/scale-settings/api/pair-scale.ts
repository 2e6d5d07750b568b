import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pairScale } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';
import { ownScalesQueryOptions } from '../../../lib/own-scales';
import { awaitingScalesQueryOptions } from './awaiting-scales';

/** The owner confirms the code their scale shows (POST /api/scale-settings/scales/{mac}/pair). */
export function usePairScale(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(pairScale, { params: { mac }, body: { code } }),
    // A scale paired by its registrant moves from the awaiting list to the own scales.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownScalesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: awaitingScalesQueryOptions().queryKey }),
      ]),
  });
}
