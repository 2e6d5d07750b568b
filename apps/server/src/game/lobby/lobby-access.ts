import type { GameStatus } from '@beerscale/contract/game-state';
import { GAME_PLAYERS } from '@beerscale/contract/limits';
import type { Db } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { enforce, leads, mayLead, mayView } from '../game-policy';
import type { GamesRepository } from './games.repository';

export type Member = Awaited<ReturnType<GamesRepository['participants']>>[number];

/** A game and its participants, read while holding the game's row (see lockGame). */
export interface Lobby {
  game: GameRow;
  members: Member[];
}

/** Who the caller is to the game: anyone who sees it, or its leader (game-policy.ts mayLead). */
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
 * Loads what the access rules ask (the line-up, and whether the caller sees the game, which is
 * not asked of its leader) and lets game-policy.ts decide.
 */
async function openLobby(
  repo: GamesRepository,
  found: GameRow | undefined,
  userId: number,
  role: LobbyRole,
  db?: Db,
): Promise<Lobby> {
  const members = found ? await repo.participants(found.id, db) : [];
  const asksSight = found !== undefined && !(role === 'leader' && leads(found, userId));
  const sees = asksSight && (await repo.seesGame(found.id, userId, db));
  enforce(role === 'leader' ? mayLead(found, userId, sees) : mayView(found, sees));
  // enforce refused a missing game above.
  return { game: found as GameRow, members };
}

/**
 * A set-up game whose line-up changes stays set up (the scale is told the new line-up) while
 * it still has enough players; otherwise it goes back to pending and must be set up again.
 */
export function statusAfterLineupChange(game: GameRow, players: number): GameStatus {
  return game.status === 'configured' && players < GAME_PLAYERS.min ? 'pending' : game.status;
}
