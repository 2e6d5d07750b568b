import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * One running game per scale, kept by the database: two leaders starting games on one scale
 * through two instances both passed the service's check before either wrote. A database that
 * already holds such a pair keeps the newer game running and cancels the older ones.
 */
export const oneRunningGamePerScaleMigration: Migration = {
  async up(db: AnyDb) {
    await sql`
      update games set status = 'cancelled', completed_at = started_at
      where status = 'active' and scale_mac is not null and id not in (
        select max(id) from games where status = 'active' and scale_mac is not null
        group by scale_mac
      )`.execute(db);
    await sql`create unique index games_one_running_per_scale on games (scale_mac) where status = 'active'`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await sql`drop index games_one_running_per_scale`.execute(db);
  },
};
