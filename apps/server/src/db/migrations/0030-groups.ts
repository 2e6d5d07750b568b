import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Groups and seasons (docs/ARCHITECTURE.md, Groups): a group, its members (an account, or a guest
 * with a name and no account), its seasons (the running one has no end), and its links (invite,
 * claim, public), stored as SHA-256 of the token. A game may belong to a group (`games.group_id`);
 * a seat of a group fast game names its member (`game_players.group_member_id`: a ranked group
 * game's seats are accounts and find their member by account). `game_players.penalties` keeps
 * each player's penalties of a completed game, for the group's table and records.
 */
export function groupsMigration(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('groups')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('emoji', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        // The last set-up of its games: the next set-up starts from it (JSON).
        .addColumn('last_setup', 'text')
        .execute();
      await db.schema
        .createTable('group_members')
        .addColumn('id', idType, id)
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('groups.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // A guest's name; an account's name is the account's (read at the time).
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        // Left or removed: the member's games stay in the group's history.
        .addColumn('left_at', 'text')
        .execute();
      await db.schema
        .createIndex('group_members_group_user_idx')
        .on('group_members')
        .columns(['group_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('group_members_user_idx')
        .on('group_members')
        .columns(['user_id'])
        .execute();
      await db.schema
        .createTable('group_seasons')
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('groups.id').onDelete('cascade'),
        )
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .addPrimaryKeyConstraint('group_seasons_pk', ['group_id', 'number'])
        .execute();
      await db.schema
        .createTable('group_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('groups.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'integer', (c) =>
          c.references('group_members.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('group_links_group_idx')
        .on('group_links')
        .columns(['group_id', 'kind'])
        .execute();
      await db.schema
        .alterTable('games')
        .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('games_group_idx')
        .on('games')
        .columns(['group_id', 'status', 'completed_at'])
        .execute();
      await db.schema
        .alterTable('game_players')
        .addColumn('group_member_id', 'integer', (c) =>
          c.references('group_members.id').onDelete('set null'),
        )
        .execute();
      await db.schema.alterTable('game_players').addColumn('penalties', 'integer').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('game_players').dropColumn('penalties').execute();
      await db.schema.alterTable('game_players').dropColumn('group_member_id').execute();
      await db.schema.dropIndex('games_group_idx').execute();
      await db.schema.alterTable('games').dropColumn('group_id').execute();
      await db.schema.dropTable('group_links').execute();
      await db.schema.dropTable('group_seasons').execute();
      await db.schema.dropTable('group_members').execute();
      await db.schema.dropTable('groups').execute();
    },
  };
}
