import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Indexes for the queries measured with 100,000 players (docs/PERFORMANCE.md has the plans):
 * - player search by name prefix: SQLite reads a range of `lower(player_name)` (and of the
 *   existing unique `username_key`); PostgreSQL answers the LIKE from text_pattern_ops indexes,
 *   whatever the database's collation; for a prefix that many players share, walking every
 *   player by rating (users_elo_idx) finds the best-rated few sooner, and the planners pick
 *   whichever their statistics say is cheaper;
 * - "the caller's open game" (home, lobby, fast set-up): the few pending, configured or active
 *   games instead of every game the caller ever played;
 * - a player's rating history in time order without a sort.
 * The planner's statistics are refreshed at the end, so existing databases use them at once.
 */
export function queryIndexesMigration(dialect: Dialect): Migration {
  const pattern = dialect === 'postgres' ? ' text_pattern_ops' : '';
  return {
    async up(db: AnyDb) {
      await sql
        .raw(`create index users_player_name_lower_idx on users (lower(player_name)${pattern})`)
        .execute(db);
      await sql`create index users_elo_idx on users (current_elo desc, id)`.execute(db);
      if (dialect === 'postgres') {
        await sql`create index users_username_key_pattern_idx on users (username_key text_pattern_ops)`.execute(
          db,
        );
      }
      await sql`create index games_open_idx on games (id) where status in ('pending', 'configured', 'active')`.execute(
        db,
      );
      await sql`create index elo_history_user_time_idx on elo_history (user_id, recorded_at, id)`.execute(
        db,
      );
      // Without statistics SQLite's planner prefers the older, wider indexes to the partial one.
      await sql`analyze`.execute(db);
    },
    async down(db: AnyDb) {
      for (const index of [
        'elo_history_user_time_idx',
        'games_open_idx',
        'users_username_key_pattern_idx',
        'users_elo_idx',
        'users_player_name_lower_idx',
      ]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
    },
  };
}
