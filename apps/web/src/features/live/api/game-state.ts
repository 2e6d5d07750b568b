import { useQuery } from '@tanstack/react-query';
import type { GameState } from '@beerscale/contract/game-state';
import { api } from '../../../lib/api-client';

export const gameStateKey = (gameId: number) => ['game-state', gameId] as const;

export function useGameState(gameId: number | null) {
  return useQuery({
    queryKey: gameStateKey(gameId ?? 0),
    queryFn: () =>
      api<{ game: GameState }>('GET', `/api/games/${gameId}/state`).then((r) => r.game),
    enabled: gameId !== null,
  });
}
