import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Seats on phones: an open game's join code (`/join/{code}`). The database keeps a code unique
 * among open games only, so a finished game's code may come round again; the seats service
 * draws a new one when two draws meet.
 */
export const joinCodesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('games').addColumn('join_code', 'text').execute();
    await sql`create unique index games_open_join_code on games (join_code)
      where join_code is not null and status in ('pending', 'configured', 'active')`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop index games_open_join_code`.execute(db);
    await db.schema.alterTable('games').dropColumn('join_code').execute();
  },
};
