import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * A watch link follows its leader's next game (Play again, a rematch) until the leader ends the
 * evening: `follows` is 1 until then, 0 after (the link then stays on its last game).
 */
export const watchFollowsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('watch_links')
      .addColumn('follows', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('watch_links').dropColumn('follows').execute();
  },
};
