import type { Db } from '../db/database';
import { ratingStandings } from '../rating/rating-standing.repository';

export class LeaderboardRepository {
  constructor(private readonly db: Db) {}

  /** Players with at least one completed ranked game, best rated first (users_leaderboard_idx). */
  async top(limit: number) {
    const rows = await this.db
      .selectFrom('users')
      .select([
        'id',
        'player_name',
        'current_elo',
        'average_mean_difference',
        'games_played',
        'games_won',
      ])
      .where('ranked_games_played', '>', 0)
      .orderBy('current_elo', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    const standings = await ratingStandings(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, ...standings.get(r.id)! }));
  }
}
