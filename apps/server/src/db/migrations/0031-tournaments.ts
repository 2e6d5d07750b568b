import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Tournament night (docs/ARCHITECTURE.md, Tournaments): a group's tournament with its settings
 * (JSON), its players in seeding order (`tournament_entries`: a member or a name; `left_at` once
 * skipped for the games left) and its scheduled games (`tournament_games`: stage, heat, the
 * planned players, then the game with its line-up in seat order). `watch_token` opens the table
 * screen without an account.
 */
export function tournamentsMigration(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('tournaments')
        .addColumn('id', idType, id)
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('groups.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('watch_token', 'text', (c) => c.notNull().unique())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('tournaments_group_idx')
        .on('tournaments')
        .columns(['group_id'])
        .execute();
      await db.schema
        .createTable('tournament_entries')
        .addColumn('id', idType, id)
        .addColumn('tournament_id', 'integer', (c) =>
          c.notNull().references('tournaments.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) =>
          c.references('group_members.id').onDelete('set null'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('drink', 'text')
        .addColumn('left_at', 'text')
        .execute();
      await db.schema
        .createIndex('tournament_entries_tournament_idx')
        .on('tournament_entries')
        .columns(['tournament_id'])
        .execute();
      await db.schema
        .createTable('tournament_games')
        .addColumn('id', idType, id)
        .addColumn('tournament_id', 'integer', (c) =>
          c.notNull().references('tournaments.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('heat', 'integer', (c) => c.notNull())
        .addColumn('planned', 'text')
        .addColumn('line_up', 'text')
        .addColumn('game_id', 'integer', (c) => c.references('games.id').onDelete('set null'))
        .addColumn('scale_mac', 'text')
        .execute();
      await db.schema
        .createIndex('tournament_games_tournament_idx')
        .on('tournament_games')
        .columns(['tournament_id', 'position'])
        .execute();
      await db.schema
        .createIndex('tournament_games_game_idx')
        .on('tournament_games')
        .columns(['game_id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('tournament_games').execute();
      await db.schema.dropTable('tournament_entries').execute();
      await db.schema.dropTable('tournaments').execute();
    },
  };
}
