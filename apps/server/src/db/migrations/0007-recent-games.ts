import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/** How many recent games the summary keeps per player: the home page's RECENT_GAMES_LIMIT. */
const KEPT = 10;

/**
 * The home page's recent games, kept current when a game completes (game/play/game-completion
 * .repository.ts) instead of being found among every game a player ever played: for a player
 * with 1,000 games that was a join and a sort of all of them on every visit. One row per
 * player and counted game (every game of a ranked player, the first slot of a fast
 * game), the newest ten per player.
 */
export const recentGamesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('recent_games')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('game_name', 'text', (c) => c.notNull())
      .addColumn('rank', 'integer')
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .addColumn('mean_difference', 'real')
      .execute();
    await sql`create index recent_games_user_idx on recent_games (user_id, finished_at desc, game_id desc)`.execute(
      db,
    );
    await fillRecentGames(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('recent_games').execute();
  },
};

/**
 * Fills the summary from the games already played (the migration's backfill, and the seeder's
 * last step): the same rows GET /api/home used to find by joining every game of a player.
 */
export async function fillRecentGames(db: AnyDb): Promise<void> {
  await sql`
    insert into recent_games (user_id, game_id, game_name, rank, finished_at, mean_difference)
    select user_id, game_id, game_name, rank, finished_at, mean_difference from (
      select gp.user_id, g.id as game_id, g.name as game_name, gp.rank,
        coalesce(g.completed_at, g.created_at) as finished_at, gp.mean_difference,
        row_number() over (
          partition by gp.user_id order by coalesce(g.completed_at, g.created_at) desc, g.id desc
        ) as n
      from game_players gp join games g on g.id = gp.game_id
      where gp.user_id is not null and g.status = 'completed'
        and (g.mode = 'ranked' or gp.position = 0)
    ) numbered
    where n <= ${sql.lit(KEPT)}`.execute(db);
}
