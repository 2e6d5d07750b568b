import { LOBBY_MESSAGES } from '@beerscale/contract/games';
import { ERRORS, REFUSALS } from '@beerscale/contract/messages';
import type { AuthContext } from '../auth/auth.service';
import type { GamePlayerRow, GameRow } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/http-error';
import type { PlayRepository } from './play.repository';

export const GAME_NOT_RUNNING = REFUSALS.gameNotRunning;
export const LEADER_ONLY = LOBBY_MESSAGES.leaderOnly;

export async function requireGame(repo: PlayRepository, gameId: number): Promise<GameRow> {
  const game = await repo.findGame(gameId);
  if (!game) throw notFound(ERRORS.notFound);
  return game;
}

/** Typed readings and finishing are the leader's, while the game runs; others get 404 or 403. */
export async function requireLeader(
  repo: PlayRepository,
  gameId: number,
  me: AuthContext,
): Promise<GameRow> {
  const game = await requireGame(repo, gameId);
  if (game.creator_id !== me.user.id) {
    const players = await repo.players(gameId);
    if (!players.some((p) => p.user_id === me.user.id)) throw notFound(ERRORS.notFound);
    throw forbidden(LEADER_ONLY);
  }
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
