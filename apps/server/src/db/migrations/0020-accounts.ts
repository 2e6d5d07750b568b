import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Accounts people can manage: a disabled flag (an administrator's), each session's device and
 * when it was last used (the profile's signed-in devices), and the administrator's one-time
 * password reset links, stored as the SHA-256 of their token (the link itself is shown once).
 */
export const accountsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('password_resets_user_idx')
      .on('password_resets')
      .column('user_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('password_resets').execute();
    await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
    await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  },
};
