import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameState } from '@beerscale/contract/game-state';
import { api } from '../../../lib/api-client';
import { gameStateQueryOptions } from './game-state';

export function useGameActions(gameId: number) {
  const queryClient = useQueryClient();
  const store = (reply: { game: GameState }) =>
    queryClient.setQueryData(gameStateQueryOptions(gameId).queryKey, reply.game);
  const typeReading = useMutation({
    mutationFn: (grams: number) =>
      api<{ game: GameState }>('POST', `/api/games/${gameId}/measurements`, { body: { grams } }),
    onSuccess: store,
  });
  const finish = useMutation({
    mutationFn: () => api<{ game: GameState }>('POST', `/api/games/${gameId}/finish`),
    onSuccess: store,
  });
  return { typeReading, finish };
}
