import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Serialises one user's joins and set-ups (a ranked create or accept, a fast set-up), so the
 * one-open-game check cannot be raced by two requests at once. A no-op write takes the row's
 * lock on PostgreSQL (SQLite has one writer anyway); `SELECT ... FOR UPDATE` would not parse on
 * SQLite. Whether the user exists.
 */
export async function lockUser(userId: number, trx: Db): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ created_at: sql<string>`created_at` })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
