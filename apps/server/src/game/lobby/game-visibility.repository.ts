import type { Db } from '../../db/database';

/**
 * Who sees a game, for every access check of the lobby, the running game and its watch link:
 * its players, the players with a pending invitation to it, and, once completed, the members of
 * its group. Anyone else is told it does not exist.
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
  if (invite) return true;
  // A completed game of a group is its members' history (the group page links to it).
  const member = await db
    .selectFrom('games')
    .innerJoin('group_members', 'group_members.group_id', 'games.group_id')
    .select('games.id')
    .where('games.id', '=', gameId)
    .where('games.status', '=', 'completed')
    .where('group_members.user_id', '=', userId)
    .where('group_members.left_at', 'is', null)
    .executeTakeFirst();
  return member !== undefined;
}
