import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { GAME_PLAYERS } from '@beerscale/contract/limits';
import type { Db } from '../db/database';
import type { GameRow } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/http-error';
import type { GamesRepository } from './games.repository';

export type Member = Awaited<ReturnType<GamesRepository['participants']>>[number];

/** A game and its participants, read while holding the game's row (see lockGame). */
export interface Lobby {
  game: GameRow;
  members: Member[];
}

/**
 * Locks a ranked game for a change by `userId` (fast games have no lobby).
 */
export async function lockLobby(
  repo: GamesRepository,
  gameId: number,
  userId: number,
  trx: Db,
): Promise<Lobby> {
  const game = await repo.lockGame(gameId, trx);
  if (game?.mode !== 'ranked') throw notFound(M.gameNotFound);
  return seenBy(repo, game, userId, trx);
}

/** Reads a game of any mode for `userId`, without locking it. */
export async function readLobby(
  repo: GamesRepository,
  gameId: number,
  userId: number,
): Promise<Lobby> {
  const game = await repo.findGame(gameId);
  if (!game) throw notFound(M.gameNotFound);
  return seenBy(repo, game, userId);
}

/**
 * Participants and pending invitees see a game; for anyone else it does not exist (404, the
 * same as an unknown id, so ids cannot be probed).
 */
async function seenBy(repo: GamesRepository, game: GameRow, userId: number, db?: Db) {
  const members = await repo.participants(game.id, db);
  if (!members.some((p) => p.id === userId) && !(await repo.pendingInviteOf(game.id, userId, db))) {
    throw notFound(M.gameNotFound);
  }
  return { game, members };
}

/** SPEC §6: the leader is the creator; the server enforces it whatever the UI shows. */
export function assertLeader(game: GameRow, userId: number): void {
  if (game.creator_id !== userId) throw forbidden(M.leaderOnly);
}

/** Membership and order change only before the game starts. */
export function assertChangeable(game: GameRow): void {
  if (game.status === 'pending' || game.status === 'configured') return;
  throw conflict(closedMessage(game.status));
}

export function closedMessage(status: string): string {
  if (status === 'active') return M.gameRunning;
  if (status === 'cancelled') return M.gameCancelled;
  return M.gameOver;
}

export const isFull = (members: Member[]) => members.length >= GAME_PLAYERS.max;

/**
 * A set-up game whose line-up changes stays set up (the scale is told the new line-up) while
 * it still has enough players; otherwise it goes back to pending and must be set up again.
 */
export function statusAfterLineupChange(game: GameRow, players: number): string {
  return game.status === 'configured' && players < GAME_PLAYERS.min ? 'pending' : game.status;
}

/**
 * The one-open-game rule, checked under the user's lock before they join a game: any open game
 * refuses the join, except fast set-ups that never started, which are closed instead (the fast
 * lobby itself replaces them, and nothing else would let the player get rid of one).
 */
export async function clearForJoining(
  repo: GamesRepository,
  userId: number,
  now: Date,
  trx: Db,
): Promise<void> {
  const open = await repo.openGamesOf(userId, trx);
  const unstartedFast = (g: (typeof open)[number]) =>
    g.mode === 'fast' && g.status === 'configured';
  if (open.some((g) => !unstartedFast(g))) throw conflict(M.alreadyInOpenGame);
  await repo.cancelUnstarted(
    open.filter(unstartedFast).map((g) => g.id),
    now,
    trx,
  );
}
