import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';
import type { Database } from '../db/schema';

/**
 * Bound parameters per statement: SQLite's limit since 3.32 is 32,766, PostgreSQL's 65,535.
 * A multi-row insert takes as many rows as fit.
 */
const PARAMETER_LIMIT: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };

/**
 * Inserts the rows in multi-row statements sized to the dialect's parameter limit (`npm run
 * seed`'s plan and the group seeder). Every row of a table has the same keys (the seeders write
 * them all), so one width fits.
 */
export async function insertChunked(
  db: Db,
  dialect: Dialect,
  table: keyof Database,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const width = Object.keys(rows[0] as object).length;
  const perStatement = Math.max(1, Math.floor(PARAMETER_LIMIT[dialect] / width));
  for (let at = 0; at < rows.length; at += perStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(at, at + perStatement) as never)
      .execute();
  }
}

/**
 * Moves PostgreSQL's id sequences past the ids a seeder chose itself (SQLite needs nothing: its
 * next id follows the largest).
 */
export async function moveSequencesPastIds(
  db: Db,
  dialect: Dialect,
  tables: readonly (keyof Database)[],
): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
