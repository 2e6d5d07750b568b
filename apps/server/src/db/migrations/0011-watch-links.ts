import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * One watch link per game: the leader shares it, anyone holding it follows the game. Renewing
 * replaces the row, so the old token reads nothing from then on. The token itself is stored (not
 * a hash) so the leader can show the same link again on any device without breaking the links
 * already handed round; it grants reading one game's scoreboard and nothing else.
 */
export const watchLinksMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('watch_links')
      .addColumn('game_id', 'integer', (c) =>
        c.primaryKey().references('games.id').onDelete('cascade'),
      )
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('watch_links').execute();
  },
};
