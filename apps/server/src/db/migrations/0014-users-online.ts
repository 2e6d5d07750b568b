import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * The presence sweep (every 5 s on every instance) looks for players still shown online: with
 * 100,000 players, nearly all offline, it read the whole table each time (15 ms on SQLite, the
 * event loop blocked). The partial index holds only the few who are not offline.
 */
export const usersOnlineMigration: Migration = {
  async up(db: AnyDb) {
    await sql`create index users_online_idx on users (id) where status <> 'offline'`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('users_online_idx').execute();
  },
};
