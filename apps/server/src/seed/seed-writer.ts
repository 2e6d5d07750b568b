import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../db/database';
import type { Database } from '../db/schema';
import { planCounts, type SeedPlan } from './seed-plan';

/** The database already holds accounts or games: seeding it would mix fake data with real. */
export class SeedRefused extends Error {}

/**
 * Bound parameters per statement: SQLite's limit since 3.32 is 32,766, PostgreSQL's 65,535.
 * A multi-row insert takes as many rows as fit.
 */
const PARAMETER_LIMIT = { sqlite: 32_766, postgres: 65_535 } as const;

/** Tables in the order their foreign keys allow, with the plan's rows for each. */
function tables(plan: SeedPlan): [keyof Database, Record<string, unknown>[]][] {
  return [
    ['users', plan.users],
    ['scales', plan.scales],
    ['scale_registrations', plan.scaleRegistrations],
    ['games', plan.games],
    ['game_players', plan.gamePlayers],
    ['invites', plan.invites],
    ['rounds', plan.rounds],
    ['measurements', plan.measurements],
    ['elo_history', plan.eloHistory],
    ['recent_games', plan.recentGames],
  ];
}

/** Tables whose ids the plan chose; PostgreSQL's sequences must be moved past them. */
const SERIAL_TABLES = [
  'users',
  'games',
  'game_players',
  'invites',
  'rounds',
  'measurements',
  'elo_history',
] as const;

export async function assertEmpty(db: Db): Promise<void> {
  const count = async (table: 'users' | 'games') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [users, games] = [await count('users'), await count('games')];
  if (users > 0 || games > 0) {
    throw new SeedRefused(
      `Refusing to seed: the database already has ${users} users and ${games} games. ` +
        'Seed an empty database (a new SQLite file or a fresh PostgreSQL database).',
    );
  }
}

/**
 * Writes the whole plan in one transaction (all or nothing; a failed seed leaves the database
 * empty), each table in multi-row inserts sized to the dialect's parameter limit, then updates
 * the planner's statistics so the first queries already get their indexes.
 */
export async function writeSeedPlan(
  handle: DatabaseHandle,
  plan: SeedPlan,
  progress: (table: string, rows: number) => void = () => {},
): Promise<Record<string, number>> {
  await handle.db.transaction().execute(async (trx) => {
    await assertEmpty(trx);
    for (const [table, rows] of tables(plan)) {
      await insertChunked(trx, table, rows, PARAMETER_LIMIT[handle.dialect]);
      progress(table, rows.length);
    }
    if (handle.dialect === 'postgres') {
      for (const table of SERIAL_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
    }
  });
  await sql`analyze`.execute(handle.db);
  return planCounts(plan);
}

async function insertChunked(
  db: Db,
  table: keyof Database,
  rows: Record<string, unknown>[],
  parameterLimit: number,
): Promise<void> {
  if (rows.length === 0) return;
  // Every row of a table has the same keys (the plan writes them all), so one width fits.
  const width = Object.keys(rows[0] as object).length;
  const perStatement = Math.max(1, Math.floor(parameterLimit / width));
  for (let at = 0; at < rows.length; at += perStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(at, at + perStatement) as never)
      .execute();
  }
}
