import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';

// The whole first data model in one migration: later features fill these tables rather than
// racing each other with schema changes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

export function initialMigration(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, id)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('player_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('offline'))
        .addColumn('current_elo', real, (c) => c.notNull().defaultTo(1200))
        .addColumn('peak_elo', real, (c) => c.notNull().defaultTo(1200))
        .addColumn('games_played', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('games_won', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ranked_games_played', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_exact_matches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('best_mean_difference', real)
        .addColumn('average_mean_difference', real)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The leaderboard reads the best-rated players who have played ranked: an index that
      // answers it in order without sorting the whole table.
      await db.schema
        .createIndex('users_leaderboard_idx')
        .on('users')
        .columns(['current_elo desc', 'id'])
        .where(sql.ref('ranked_games_played'), '>', 0)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('scales')
        .addColumn('mac', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('device_key_hash', 'text')
        .addColumn('scale_name', 'text')
        .addColumn('model_name', 'text')
        .addColumn('firmware', 'text')
        .addColumn('last_seen_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('scales_owner_idx').on('scales').column('owner_id').execute();

      await db.schema
        .createTable('scale_settings')
        .addColumn('mac', 'text', (c) => c.notNull().references('scales.mac').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('scale_settings_pk', ['mac', 'key'])
        .execute();

      await db.schema
        .createTable('games')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('creator_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('scale_mac', 'text')
        .addColumn('container_type', 'text')
        .addColumn('rounds_planned', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('rng_seed', 'integer', (c) => c.notNull())
        .addColumn('engine_state', 'text')
        .addColumn('results_applied', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema
        .createIndex('games_creator_status_idx')
        .on('games')
        .columns(['creator_id', 'status'])
        .execute();
      await db.schema
        .createIndex('games_scale_status_idx')
        .on('games')
        .columns(['scale_mac', 'status'])
        .execute();

      await db.schema
        .createTable('game_players')
        .addColumn('id', idType, id)
        .addColumn('game_id', 'integer', (c) =>
          c.notNull().references('games.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('player_name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('is_leader', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_weight', 'integer')
        .addColumn('last_weight', 'integer')
        .addColumn('rank', 'integer')
        .addColumn('mean_difference', real)
        .addColumn('exact_matches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('best_difference', 'integer')
        .addColumn('elo_before', real)
        .addColumn('elo_after', real)
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('game_players_game_idx')
        .on('game_players')
        .columns(['game_id', 'position'])
        .execute();
      await db.schema
        .createIndex('game_players_user_idx')
        .on('game_players')
        .columns(['user_id', 'game_id'])
        .execute();

      await db.schema
        .createTable('invites')
        .addColumn('id', idType, id)
        .addColumn('game_id', 'integer', (c) =>
          c.notNull().references('games.id').onDelete('cascade'),
        )
        .addColumn('inviter_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('invitee_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('responded_at', 'text')
        .execute();
      await db.schema
        .createIndex('invites_game_idx')
        .on('invites')
        .columns(['game_id', 'status'])
        .execute();
      await db.schema
        .createIndex('invites_invitee_idx')
        .on('invites')
        .columns(['invitee_id', 'status'])
        .execute();

      await db.schema
        .createTable('rounds')
        .addColumn('id', idType, id)
        .addColumn('game_id', 'integer', (c) =>
          c.notNull().references('games.id').onDelete('cascade'),
        )
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('target_g', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('rounds_game_number_uq', ['game_id', 'number'])
        .execute();

      await db.schema
        .createTable('measurements')
        .addColumn('id', idType, id)
        .addColumn('game_id', 'integer', (c) =>
          c.notNull().references('games.id').onDelete('cascade'),
        )
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('game_player_id', 'integer', (c) =>
          c.notNull().references('game_players.id').onDelete('cascade'),
        )
        .addColumn('grams', 'integer', (c) => c.notNull())
        .addColumn('difference_g', 'integer')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('measurements_game_idx')
        .on('measurements')
        .columns(['game_id', 'round'])
        .execute();

      await db.schema
        .createTable('elo_history')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('game_id', 'integer', (c) =>
          c.notNull().references('games.id').onDelete('cascade'),
        )
        .addColumn('elo_before', real, (c) => c.notNull())
        .addColumn('elo_after', real, (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('elo_history_user_game_uq', ['user_id', 'game_id'])
        .execute();
    },

    async down(db: AnyDb) {
      for (const table of [
        'elo_history',
        'measurements',
        'rounds',
        'invites',
        'game_players',
        'games',
        'scale_settings',
        'scales',
        'app_secrets',
        'sessions',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
