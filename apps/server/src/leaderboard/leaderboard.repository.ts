import type { Db } from '../db/database';
import { establishmentOf, ratingStandings } from '../rating/rating-standing.repository';

/** Players read per step while looking for the established ones (by rating, best first). */
const PAGE = 200;

export class LeaderboardRepository {
  constructor(private readonly db: Db) {}

  /**
   * Players with at least one completed ranked game: the established ones best rated first, then
   * the provisional ones best rated first (README.md, The rating rules), so that no provisional
   * rating ever ranks above an established one. Players are read in rating order
   * (users_leaderboard_idx) a page at a time until `limit` established ones are found or none are
   * left; the provisional ones met on the way fill what remains.
   */
  async top(limit: number) {
    const established: number[] = [];
    const provisional: number[] = [];
    for (let offset = 0; established.length < limit; offset += PAGE) {
      const page = await this.db
        .selectFrom('users')
        .select('id')
        .where('ranked_games_played', '>', 0)
        .orderBy('current_elo', 'desc')
        .orderBy('id')
        .limit(PAGE)
        .offset(offset)
        .execute();
      const standing = await establishmentOf(
        this.db,
        page.map((r) => r.id),
      );
      for (const { id } of page) {
        (standing.get(id)!.provisional ? provisional : established).push(id);
      }
      if (page.length < PAGE) break;
    }
    const ids = [...established, ...provisional].slice(0, limit);
    if (ids.length === 0) return [];
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
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const standings = await ratingStandings(this.db, ids);
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ ...row, ...standings.get(id)! }] : [];
    });
  }
}
