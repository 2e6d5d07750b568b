import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * The games weighed in the last 12 hours (a player's evening, responsible play) are found by
 * their readings' times: without an index on the time that was a scan of every reading ever
 * taken, on every game state read (a finished game's state answered 300 times a second
 * instead of thousands). With the game beside the time the index alone answers it.
 */
export const measurementsByTimeMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('measurements_recorded_idx')
      .on('measurements')
      .columns(['recorded_at', 'game_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('measurements_recorded_idx').execute();
  },
};
