import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Issue 42: a ranked game's finale estimate is its player's own; when the leader stands in for a
 * player who is away, the estimate is marked (1) on the player's row, shown in the game's state
 * and counted against the 80 % weighed rule like a typed reading.
 */
export const standInEstimatesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('game_players')
      .addColumn('estimate_stand_in', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('game_players').dropColumn('estimate_stand_in').execute();
  },
};
