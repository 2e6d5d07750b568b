import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Presence across instances (several behind a load balancer on PostgreSQL): each instance
 * heartbeats its row in `instances` and records, per user, how many browser sockets it holds
 * (`presence_claims`). A user is online while some live instance holds a socket of theirs or
 * claimed them within the grace period; the claims of an instance that stopped heartbeating are
 * swept away with its users' status.
 */
export const presenceClaimsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('instances')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('presence_claims')
      .addColumn('instance_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('sockets', 'integer', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('presence_claims_pk', ['instance_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('presence_claims_user_idx')
      .on('presence_claims')
      .column('user_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('presence_claims').execute();
    await db.schema.dropTable('instances').execute();
  },
};
