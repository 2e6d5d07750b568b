import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * House rules: a game's rules chosen at set-up (JSON; null is classic, so every game before
 * this plays on as it did), and every penalty a player drank in their counted games.
 */
export const houseRulesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('games').addColumn('rules', 'text').execute();
    await db.schema
      .alterTable('users')
      .addColumn('total_penalties', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('total_penalties').execute();
    await db.schema.alterTable('games').dropColumn('rules').execute();
  },
};
