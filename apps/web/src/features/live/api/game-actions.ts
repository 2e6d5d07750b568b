import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@beerscale/contract/api/endpoint';
import { finishGame, typedReading } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';
import { gameStateQueryOptions } from './game-state';

export function useGameActions(gameId: number) {
  const queryClient = useQueryClient();
  const store = (reply: ReplyOf<typeof finishGame>) =>
    queryClient.setQueryData(gameStateQueryOptions(gameId).queryKey, reply.game);
  const typeReading = useMutation({
    mutationFn: (grams: number) => call(typedReading, { params: { id: gameId }, body: { grams } }),
    onSuccess: store,
  });
  const finish = useMutation({
    mutationFn: () => call(finishGame, { params: { id: gameId } }),
    onSuccess: store,
  });
  return { typeReading, finish };
}
