import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/** A player's profile lists the scales they registered: found by user, not by address. */
export const scaleRegistrationsByUserMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('scale_registrations_user_idx')
      .on('scale_registrations')
      .column('user_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('scale_registrations_user_idx').execute();
  },
};
