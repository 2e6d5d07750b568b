import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameState } from '@beerscale/contract/game-state';
import { api } from '../../../lib/api-client';
import { STORAGE_KEYS, write } from '../../../lib/storage';
import { gameStateQueryOptions } from './game-state';

/** The leader starts a set-up game from /live, as from /game: each mode by its own call. */
export function useStartGame(game: GameState) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      game.mode === 'fast'
        ? api('POST', `/api/fast-game/${game.id}/start`)
        : api('POST', `/api/games/${game.id}/start-ranked`, {
            body: {
              scaleAddress: game.scaleAddress,
              containerType: game.containerType,
              rounds: game.roundsPlanned,
            },
          }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: gameStateQueryOptions(game.id).queryKey }),
  });
}

/**
 * "Play again" with the same players and scale. A fast game is set up at once (the leader then
 * starts it on /live); a ranked lobby is opened with everyone invited again, since each player
 * must accept.
 */
export function usePlayAgain(game: GameState) {
  return useMutation({
    mutationFn: async (): Promise<'live' | 'game'> => {
      const players = [...game.players].sort((a, b) => a.position - b.position);
      if (game.scaleAddress) write(STORAGE_KEYS.activeScale, game.scaleAddress);
      if (game.mode === 'fast') {
        const { gameId } = await api<{ gameId: number }>('POST', '/api/fast-game', {
          body: {
            players: players.map((p) => p.playerName),
            scaleAddress: game.scaleAddress,
            containerType: game.containerType,
            rounds: game.roundsPlanned,
          },
        });
        write(STORAGE_KEYS.currentGameId, String(gameId));
        return 'live';
      }
      const { gameId } = await api<{ gameId: number }>('POST', '/api/games', {
        body: { gameName: game.name },
      });
      write(STORAGE_KEYS.currentGameId, String(gameId));
      for (const p of players) {
        if (p.userId !== null && !p.isLeader) {
          await api('POST', `/api/games/${gameId}/invites`, { body: { playerId: p.userId } });
        }
      }
      return 'game';
    },
  });
}
