import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * The group table's version (docs/ARCHITECTURE.md, Groups): `groups.table_version`, moved by the
 * database itself (triggers) whenever anything the table, the records or the members' names are
 * computed from changes, whoever writes it (any instance, any feature): a group game inserted,
 * completed, voided, moved or deleted; a seat's member, rank, mean, exact hits or penalties; a
 * member or a season added, changed or removed; a member account's name. Reading it is one
 * primary-key lookup per request, where counting the group's completed games read every one of
 * them (3 ms with 10,000 games). `games_group_table_idx` covers what a change then reads: the
 * count of completed and voided games and the games after the last one replayed.
 */
const BUMP = (group: string) =>
  `update groups set table_version = table_version + 1 where id = ${group}`;

const SQLITE_TRIGGERS = [
  `create trigger games_group_table_insert after insert on games when new.group_id is not null
   begin ${BUMP('new.group_id')}; end`,
  `create trigger games_group_table_update after update of status, voided_at, group_id, completed_at on games
   when old.group_id is not null or new.group_id is not null
   begin ${BUMP('old.group_id')}; ${BUMP('new.group_id')}; end`,
  `create trigger games_group_table_delete after delete on games when old.group_id is not null
   begin ${BUMP('old.group_id')}; end`,
  `create trigger game_players_group_table_update
   after update of group_member_id, rank, mean_difference, exact_matches, penalties on game_players
   begin ${BUMP('(select group_id from games where id = new.game_id)')}; end`,
  `create trigger users_group_table_rename after update of player_name on users
   begin update groups set table_version = table_version + 1
     where id in (select group_id from group_members where user_id = new.id); end`,
  ...['group_members', 'group_seasons'].flatMap((table) => [
    `create trigger ${table}_group_table_insert after insert on ${table}
     begin ${BUMP('new.group_id')}; end`,
    `create trigger ${table}_group_table_update after update on ${table}
     begin ${BUMP('old.group_id')}; ${BUMP('new.group_id')}; end`,
    `create trigger ${table}_group_table_delete after delete on ${table}
     begin ${BUMP('old.group_id')}; end`,
  ]),
];

const POSTGRES_TRIGGERS = [
  `create function group_table_bump() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') and old.group_id is not null then ${BUMP('old.group_id')}; end if;
     if tg_op in ('INSERT', 'UPDATE') and new.group_id is not null then ${BUMP('new.group_id')}; end if;
     return null;
   end $$`,
  `create function group_table_bump_seat() returns trigger language plpgsql as $$
   begin ${BUMP('(select group_id from games where id = new.game_id)')}; return null; end $$`,
  `create function group_table_bump_rename() returns trigger language plpgsql as $$
   begin
     update groups set table_version = table_version + 1
       where id in (select group_id from group_members where user_id = new.id);
     return null;
   end $$`,
  `create trigger games_group_table after insert or delete or update of status, voided_at, group_id, completed_at
   on games for each row execute function group_table_bump()`,
  `create trigger game_players_group_table
   after update of group_member_id, rank, mean_difference, exact_matches, penalties on game_players
   for each row execute function group_table_bump_seat()`,
  `create trigger users_group_table_rename after update of player_name on users
   for each row execute function group_table_bump_rename()`,
  `create trigger group_members_group_table after insert or update or delete on group_members
   for each row execute function group_table_bump()`,
  `create trigger group_seasons_group_table after insert or update or delete on group_seasons
   for each row execute function group_table_bump()`,
];

export function groupTableVersionMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('groups')
        .addColumn('table_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('games_group_table_idx')
        .on('games')
        .columns(['group_id', 'status', 'completed_at', 'id', 'voided_at'])
        .execute();
      for (const statement of dialect === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) {
        await sql.raw(statement).execute(db);
      }
      await sql`analyze`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') {
        for (const [trigger, table] of [
          ['games_group_table', 'games'],
          ['game_players_group_table', 'game_players'],
          ['users_group_table_rename', 'users'],
          ['group_members_group_table', 'group_members'],
          ['group_seasons_group_table', 'group_seasons'],
        ]) {
          await sql.raw(`drop trigger ${trigger} on ${table}`).execute(db);
        }
        for (const fn of ['group_table_bump', 'group_table_bump_seat', 'group_table_bump_rename']) {
          await sql.raw(`drop function ${fn}()`).execute(db);
        }
      } else {
        const names = SQLITE_TRIGGERS.map((s) => /create trigger (\w+)/.exec(s)![1]);
        for (const name of names) await sql.raw(`drop trigger ${name}`).execute(db);
      }
      await db.schema.dropIndex('games_group_table_idx').execute();
      await db.schema.alterTable('groups').dropColumn('table_version').execute();
    },
  };
}
