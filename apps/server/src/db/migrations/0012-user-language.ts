import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/** The language a player reads (the web app tells it): the DISPLAY texts of games they lead. */
export const userLanguageMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('language').execute();
  },
};
