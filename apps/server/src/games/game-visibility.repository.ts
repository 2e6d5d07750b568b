import type { Db } from '../db/database';

/**
 * Who sees a game, for every access check of the lobby, the running game and its watch link:
 * its players, and the players with a pending invitation to it. Anyone else is told it does
 * not exist.
 */
export async function seesGame(db: Db, gameId: number, userId: number): Promise<boolean> {
  const player = await db
    .selectFrom('game_players')
    .select('id')
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (player) return true;
  const invite = await db
    .selectFrom('invites')
    .select('id')
    .where('game_id', '=', gameId)
    .where('invitee_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return invite !== undefined;
}
