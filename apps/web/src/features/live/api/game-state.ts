import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { GameState } from '@beerscale/contract/game-state';
import { gameState } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';

/** A game as the table shows it; GAME_STATE over the socket replaces it in place. */
export const gameStateQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: ['game-state', gameId],
    queryFn: () => call(gameState, { params: { id: gameId } }).then((r) => r.game),
  });

export function useGameState(gameId: number | null) {
  return useQuery({ ...gameStateQueryOptions(gameId ?? 0), enabled: gameId !== null });
}

/**
 * A GAME_STATE snapshot replaces the cached one of a game that is on screen or was shown
 * before; a game never fetched here is not stored (nothing would read it).
 */
export function storeGameState(queryClient: QueryClient, game: GameState): void {
  const { queryKey } = gameStateQueryOptions(game.id);
  if (queryClient.getQueryState(queryKey)) queryClient.setQueryData(queryKey, game);
}
