import type { GameStatus } from '@beerscale/contract/game-state';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { GAME_PLAYERS } from '@beerscale/contract/limits';
import type { Db } from '../db/database';
import type { GameRow } from '../db/schema';
import { conflict } from '../http/http-error';
import type { GamesRepository } from './games.repository';
import { requireLeader, requireVisible } from './leader-access';

export type Member = Awaited<ReturnType<GamesRepository['participants']>>[number];

/** A game and its participants, read while holding the game's row (see lockGame). */
export interface Lobby {
  game: GameRow;
  members: Member[];
}

/** Who the caller is to the game: anyone who sees it, or its leader (the one leader check). */
export type LobbyRole = 'viewer' | 'leader';

/** Locks a ranked game for a change by `userId` (fast games have no lobby). */
export async function lockLobby(
  repo: GamesRepository,
  gameId: number,
  userId: number,
  trx: Db,
  role: LobbyRole = 'viewer',
): Promise<Lobby> {
  const game = await repo.lockGame(gameId, trx);
  return openLobby(repo, game?.mode === 'ranked' ? game : undefined, userId, role, trx);
}

/** Reads a game of any mode for `userId`, without locking it. */
export async function readLobby(
  repo: GamesRepository,
  gameId: number,
  userId: number,
  role: LobbyRole = 'viewer',
): Promise<Lobby> {
  return openLobby(repo, await repo.findGame(gameId), userId, role);
}

/**
 * Participants and pending invitees see a game; for anyone else it does not exist (404, the
 * same as an unknown id, so ids cannot be probed). The leader's calls then refuse the rest (403).
 */
async function openLobby(
  repo: GamesRepository,
  found: GameRow | undefined,
  userId: number,
  role: LobbyRole,
  db?: Db,
): Promise<Lobby> {
  const members = found ? await repo.participants(found.id, db) : [];
  const sees = () => found !== undefined && repo.seesGame(found.id, userId, db);
  const game =
    role === 'leader'
      ? await requireLeader(found, userId, sees)
      : await requireVisible(found, sees);
  return { game, members };
}

/** Membership and order change only before the game starts. */
export function assertChangeable(game: GameRow): void {
  if (game.status === 'pending' || game.status === 'configured') return;
  throw conflict(closedMessage(game.status));
}

export function closedMessage(status: GameStatus): string {
  if (status === 'active') return M.gameRunning;
  if (status === 'cancelled') return M.gameCancelled;
  return M.gameOver;
}

export const isFull = (members: Member[]) => members.length >= GAME_PLAYERS.max;

/**
 * A set-up game whose line-up changes stays set up (the scale is told the new line-up) while
 * it still has enough players; otherwise it goes back to pending and must be set up again.
 */
export function statusAfterLineupChange(game: GameRow, players: number): GameStatus {
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
