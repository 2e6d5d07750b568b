import { ERRORS, REFUSALS } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import type { GamePlayerRow, GameRow } from '../db/schema';
import { requireLeader as requireLeaderOf } from '../games/leader-access';
import { conflict, notFound } from '../http/http-error';
import type { PlayRepository } from './play.repository';

export const GAME_NOT_RUNNING = REFUSALS.gameNotRunning;
export { LEADER_ONLY } from '../games/leader-access';

export async function requireGame(repo: PlayRepository, gameId: number): Promise<GameRow> {
  const game = await repo.findGame(gameId);
  if (!game) throw notFound(ERRORS.notFound);
  return game;
}

/** Typed readings and finishing are the leader's, while the game runs (games/leader-access.ts). */
export async function requireLeader(
  repo: PlayRepository,
  gameId: number,
  me: AuthContext,
): Promise<GameRow> {
  const game = await requireLeaderOf(await repo.findGame(gameId), me.user.id, () =>
    repo.seesGame(gameId, me.user.id),
  );
  if (game.status !== 'active') throw conflict(GAME_NOT_RUNNING);
  return game;
}

/** DESIGN §7b: players of the game and the approved owner of its scale may read the snapshot. */
export async function mayRead(
  repo: PlayRepository,
  game: GameRow,
  players: GamePlayerRow[],
  me: AuthContext,
): Promise<boolean> {
  if (players.some((p) => p.user_id === me.user.id)) return true;
  if (!game.scale_mac) return false;
  const scale = await repo.scaleOwner(game.scale_mac);
  return scale?.owner_id === me.user.id && scale.approved === 1;
}
