import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Every account that registered with a scale's address, not only the first: the administrator
 * chooses the owner among them (the first to type an address is not necessarily its owner).
 * Existing scales keep the one registrant `scales.requested_by` remembers.
 */
export const scaleRegistrationsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('scale_registrations')
      .addColumn('mac', 'text', (c) => c.notNull().references('scales.mac').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('scale_registrations_pk', ['mac', 'user_id'])
      .execute();
    await sql`
      insert into scale_registrations (mac, user_id, created_at)
      select mac, requested_by, created_at from scales where requested_by is not null`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('scale_registrations').execute();
  },
};
