import type { LeaderboardEntry } from '@beerscale/contract/leaderboard';
import { LEADERBOARD_LIMIT } from '@beerscale/contract/limits';
import type { UserStatus } from '@beerscale/contract/users';
import type { LeaderboardRepository } from './leaderboard.repository';

type Row = Awaited<ReturnType<LeaderboardRepository['top']>>[number];

/**
 * The leaderboard (SPEC §2, §7): players with at least one completed ranked game, best rated
 * first. The ranking is kept in memory until something it shows changes (a game completes, a
 * listed player renames: invalidate()), never by time; presence is read fresh for each request,
 * one small query by primary key, since it changes with every page a player opens.
 */
export class LeaderboardService {
  private cached: Row[] | null = null;
  private loading: Promise<Row[]> | null = null;
  /** Bumped by invalidate(): a read that started before it must not refill the cache. */
  private generation = 0;

  constructor(private readonly repo: LeaderboardRepository) {}

  async top(limit: number, includeStatus: boolean): Promise<LeaderboardEntry[]> {
    const rows = (await this.page()).slice(0, limit);
    const status = includeStatus
      ? new Map((await this.repo.statuses(rows.map((r) => r.id))).map((s) => [s.id, s.status]))
      : null;
    return rows.map((r) => ({
      id: r.id,
      playerName: r.player_name,
      ...(status ? { status: (status.get(r.id) ?? 'offline') as UserStatus } : {}),
      currentElo: r.current_elo,
      averageMeanDifference: r.average_mean_difference,
      gamesPlayed: r.games_played,
      gamesWon: r.games_won,
    }));
  }

  /** After a game's results are written, or a player renames (leaderboard-invalidation.ts). */
  invalidate(): void {
    this.generation += 1;
    this.cached = null;
    this.loading = null;
  }

  private page(): Promise<Row[]> {
    if (this.cached) return Promise.resolve(this.cached);
    // Concurrent misses share one query instead of stampeding the database.
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.repo.top(LEADERBOARD_LIMIT).then(
      (rows) => {
        if (generation === this.generation) {
          this.cached = rows;
          this.loading = null;
        }
        return rows;
      },
      (err: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }
}
