import { useMutation, useQueryClient } from '@tanstack/react-query';
import { givePenalty } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';
import { gameStateQueryOptions } from './game-state';

/** An exact hitter (or the leader) gives one penalty away: POST /api/games/{id}/give. */
export function useGivePenalty(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toPlayerId: number) =>
      call(givePenalty, { params: { id: gameId }, body: { toPlayerId } }),
    onSuccess: (reply) =>
      queryClient.setQueryData(gameStateQueryOptions(gameId).queryKey, reply.game),
  });
}
