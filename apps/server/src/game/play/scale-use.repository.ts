import type { Db } from '../../db/database';

// The SQL of the scale-use rules (scale-use.ts): who owns a scale, what runs on it.

/** The scale's owner: null for a scale nobody owns, undefined for an address never seen. */
export async function scaleOwner(db: Db, mac: string): Promise<number | null | undefined> {
  const scale = await db
    .selectFrom('scales')
    .select('owner_id')
    .where('mac', '=', mac)
    .executeTakeFirst();
  return scale?.owner_id;
}

/** Whether a game other than `exceptGameId` is running on the scale. */
export async function runsAnotherGame(
  db: Db,
  mac: string,
  exceptGameId: number | null,
): Promise<boolean> {
  let running = db
    .selectFrom('games')
    .select('id')
    .where('scale_mac', '=', mac)
    .where('status', '=', 'active');
  if (exceptGameId !== null) running = running.where('id', '!=', exceptGameId);
  return (await running.executeTakeFirst()) !== undefined;
}

/** Whether the account is a current member of the group (a group's games share its scales). */
export async function isGroupMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const member = await db
    .selectFrom('group_members')
    .select('id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  return member !== undefined;
}
