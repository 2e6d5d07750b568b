import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../db/database';
import type { Database } from '../db/schema';
import { insertChunked, moveSequencesPastIds } from './seed-insert';
import { planCounts, type SeedPlan } from './seed-plan';

/** The database already holds accounts or games: seeding it would mix fake data with real. */
export class SeedRefused extends Error {}

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
      await insertChunked(trx, handle.dialect, table, rows);
      progress(table, rows.length);
    }
    await moveSequencesPastIds(trx, handle.dialect, SERIAL_TABLES);
  });
  await sql`analyze`.execute(handle.db);
  return planCounts(plan);
}
