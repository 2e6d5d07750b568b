import { sql } from 'kysely';
import type { Db } from '../db/database';

export class HomeRepository {
  constructor(private readonly db: Db) {}

  user(userId: number) {
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'player_name',
        'current_elo',
        'peak_elo',
        'games_played',
        'games_won',
        'total_exact_matches',
        'best_mean_difference',
        'average_mean_difference',
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Completed games the user's statistics count (DESIGN §9), newest first: the summary kept at
   * each completion (migration 0007), one index range instead of every game the user played.
   */
  recentGames(userId: number, limit: number) {
    return this.db
      .selectFrom('recent_games')
      .select(['game_id', 'game_name', 'rank', 'finished_at', 'mean_difference'])
      .where('user_id', '=', userId)
      .orderBy('finished_at', 'desc')
      .orderBy('game_id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The statuses are written into the SQL, not bound: only then can SQLite's planner see that
   * the partial index games_open_idx covers them and read the few open games instead of every
   * game the player ever played.
   */
  activeGame(userId: number) {
    return this.db
      .selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select(['games.id', 'games.name', 'games.status'])
      .where('game_players.user_id', '=', userId)
      .where(sql<boolean>`games.status in ('pending', 'configured', 'active')`)
      .orderBy('games.id', 'desc')
      .executeTakeFirst();
  }

  eloHistory(userId: number) {
    return this.db
      .selectFrom('elo_history')
      .innerJoin('games', 'games.id', 'elo_history.game_id')
      .select([
        'elo_history.game_id',
        'games.name',
        'elo_history.elo_before',
        'elo_history.elo_after',
        'elo_history.recorded_at',
      ])
      .where('elo_history.user_id', '=', userId)
      .orderBy('elo_history.recorded_at')
      .orderBy('elo_history.id')
      .execute();
  }
}
