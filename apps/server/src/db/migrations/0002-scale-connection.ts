import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Which device socket holds a scale, so that every instance (several on PostgreSQL) can answer
 * connection_status; `last_seen_at` doubles as its heartbeat, so a crashed instance's claims
 * go stale instead of staying "connected" forever.
 */
export const scaleConnectionMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('scales').addColumn('connection_id', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('scales').dropColumn('connection_id').execute();
  },
};
