import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Seats on phones. A seat is one player of a game held by one phone: the player's id is the key,
 * so a second phone cannot hold it too. Its token is stored as SHA-256 only (a copy of the table
 * opens no seat). `seat_actions` remembers each action id a seat had applied, so a retry of the
 * same action (a reply lost on a bad network) is not applied twice.
 */
export const seatsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('seats')
      .addColumn('player_id', 'integer', (c) =>
        c.primaryKey().references('game_players.id').onDelete('cascade'),
      )
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      // The holding phone's browser and system, shown to whoever asks for the seat next.
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('seats_game_idx').on('seats').columns(['game_id']).execute();
    await db.schema
      .createTable('seat_actions')
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('action_id', 'text', (c) => c.notNull())
      .addColumn('player_id', 'integer', (c) => c.notNull())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('seat_actions_pk', ['game_id', 'action_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('seat_actions').execute();
    await db.schema.dropTable('seats').execute();
  },
};
