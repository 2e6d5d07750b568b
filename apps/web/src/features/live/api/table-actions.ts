import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameState } from '@beerscale/contract/game-state';
import { createFastGame, startFastGame } from '@beerscale/contract/api/fast-games';
import { createGame, startRanked } from '@beerscale/contract/api/games';
import { invitePlayer } from '@beerscale/contract/api/invites';
import { call } from '../../../lib/api-client';
import { rulesBody } from '../../../components/rules/rules-choice';
import { STORAGE_KEYS, write } from '../../../lib/storage';
import { carrySetup } from '../../../lib/carried-setup';
import { gameStateQueryOptions } from './game-state';

/**
 * The scale, container, rounds and house rules a game was set up with. Every game that can be started or
 * was played has them; one without is refused here rather than sent to be refused.
 */
function setupOf(game: GameState) {
  const { scaleAddress, containerType, roundsPlanned: rounds } = game;
  if (!scaleAddress || !containerType) throw new Error(`Game ${game.id} is not set up`);
  // The same house rules again: a start (or a new game) without them would play classic.
  return { scaleAddress, containerType, rounds, rules: rulesBody(game.rules, game.players.length) };
}

/** The leader starts a set-up game from /live, as from /game: each mode by its own call. */
export function useStartGame(game: GameState) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (game.mode === 'fast') await call(startFastGame, { params: { id: game.id } });
      else await call(startRanked, { params: { id: game.id }, body: setupOf(game) });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: gameStateQueryOptions(game.id).queryKey }),
  });
}

/**
 * "Play again" with the same players and scale. A fast game is set up at once (the leader then
 * starts it on /live); a ranked lobby is opened with everyone invited again, since each player
 * must accept, and its set-up form starts from this game's container, rounds and rules.
 */
export function usePlayAgain(game: GameState) {
  return useMutation({
    mutationFn: async (): Promise<'live' | 'game'> => {
      const players = [...game.players].sort((a, b) => a.position - b.position);
      if (game.scaleAddress) write(STORAGE_KEYS.activeScale, game.scaleAddress);
      if (game.mode === 'fast') {
        const { gameId } = await call(createFastGame, {
          body: { players: players.map((p) => p.playerName), ...setupOf(game) },
        });
        write(STORAGE_KEYS.currentGameId, String(gameId));
        return 'live';
      }
      const { gameId } = await call(createGame, { body: { gameName: game.name } });
      write(STORAGE_KEYS.currentGameId, String(gameId));
      if (game.containerType) {
        const { containerType, roundsPlanned: rounds, rules } = game;
        carrySetup({ gameId, containerType, rounds, rules });
      }
      for (const p of players) {
        if (p.userId !== null && !p.isLeader) {
          await call(invitePlayer, { params: { id: gameId }, body: { playerId: p.userId } });
        }
      }
      return 'game';
    },
  });
}
