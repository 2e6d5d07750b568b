import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * The rating rules: a ranked game's rating decision (`rating_status`, `rating_reasons` as
 * comma-separated codes, `voided_at`), every pair of accounts that moved each other's rating
 * in a game (`rated_pairs`: the pair limit per 24 hours and the provisional rule count them),
 * and the participants' reports (`game_reports`, one per participant and game). Games rated
 * before are backfilled: every pair of players with a rating change was a rated pair.
 */
export const ratingRulesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('games').addColumn('rating_status', 'text').execute();
    await db.schema.alterTable('games').addColumn('rating_reasons', 'text').execute();
    await db.schema.alterTable('games').addColumn('voided_at', 'text').execute();
    await db.schema
      .createTable('rated_pairs')
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('user_low', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('user_high', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('rated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('rated_pairs_pk', ['game_id', 'user_low', 'user_high'])
      .execute();
    await db.schema
      .createIndex('rated_pairs_pair_idx')
      .on('rated_pairs')
      .columns(['user_low', 'user_high', 'rated_at'])
      .execute();
    await db.schema
      .createIndex('rated_pairs_high_idx')
      .on('rated_pairs')
      .columns(['user_high'])
      .execute();
    await db.schema
      .createTable('game_reports')
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_reports_pk', ['game_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('game_reports_created_idx')
      .on('game_reports')
      .columns(['created_at'])
      .execute();
    await sql`insert into rated_pairs (game_id, user_low, user_high, rated_at)
      select a.game_id, a.user_id, b.user_id, g.completed_at
      from game_players a
      join game_players b on b.game_id = a.game_id and b.user_id > a.user_id
      join games g on g.id = a.game_id
      where g.mode = 'ranked' and g.status = 'completed'
        and a.elo_before is not null and b.elo_before is not null`.execute(db);
    await sql`update games set rating_status = case
        when exists (select 1 from game_players p where p.game_id = games.id
          and p.elo_before is not null) then 'rated' else 'unrated' end,
        rating_reasons = case
        when exists (select 1 from game_players p where p.game_id = games.id
          and p.elo_before is not null) then '' else 'typed' end
      where mode = 'ranked' and status = 'completed'`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('game_reports').execute();
    await db.schema.dropTable('rated_pairs').execute();
    await db.schema.alterTable('games').dropColumn('voided_at').execute();
    await db.schema.alterTable('games').dropColumn('rating_reasons').execute();
    await db.schema.alterTable('games').dropColumn('rating_status').execute();
  },
};
