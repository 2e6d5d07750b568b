import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callTarget } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';
import { gameStateQueryOptions } from './game-state';

/** The round's caller (or the leader) names the amount to drink: POST /api/games/{id}/target. */
export function useCallTarget(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => call(callTarget, { params: { id: gameId }, body: { amount } }),
    onSuccess: (reply) =>
      queryClient.setQueryData(gameStateQueryOptions(gameId).queryKey, reply.game),
  });
}
