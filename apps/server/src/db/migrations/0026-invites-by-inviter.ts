import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/** The per-inviter invitation limit counts an inviter's invitations of the last hour. */
export const invitesByInviterMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('invites_inviter_idx')
      .on('invites')
      .columns(['inviter_id', 'created_at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('invites_inviter_idx').execute();
  },
};
