import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EstimateBody } from '@beerscale/contract/play';
import { estimateEmpty } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';
import { gameStateQueryOptions } from './game-state';

/** A player's (or the leader's) estimate of the empty container: POST /api/games/{id}/estimate. */
export function useEstimateEmpty(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EstimateBody) => call(estimateEmpty, { params: { id: gameId }, body }),
    onSuccess: (reply) =>
      queryClient.setQueryData(gameStateQueryOptions(gameId).queryKey, reply.game),
  });
}
