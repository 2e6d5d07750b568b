import type { LeaderboardEntry } from '@beerscale/contract/leaderboard';
import { LEADERBOARD_LIMIT } from '@beerscale/contract/limits';
import type { UserStatus } from '@beerscale/contract/users';
import type { LeaderboardRepository } from './leaderboard.repository';

/**
 * How long one read of the leaderboard serves every caller. Ratings change only when a game
 * completes, which invalidates at once; the bound is for the presence dots (and for sibling
 * instances, should an invalidation not reach them).
 */
export const LEADERBOARD_CACHE_MS = 2_000;

type Row = Awaited<ReturnType<LeaderboardRepository['top']>>[number];

/**
 * The leaderboard (SPEC §2, §7): players with at least one completed ranked game, best rated
 * first. The top page is kept in memory, so a busy dashboard costs one query per interval.
 */
export class LeaderboardService {
  private cached: { rows: Row[]; at: number } | null = null;
  private loading: Promise<Row[]> | null = null;
  /** Bumped by invalidate(): a read that started before it must not refill the cache. */
  private generation = 0;

  constructor(
    private readonly repo: LeaderboardRepository,
    private readonly maxAgeMs = LEADERBOARD_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async top(limit: number, includeStatus: boolean): Promise<LeaderboardEntry[]> {
    const rows = await this.page();
    return rows.slice(0, limit).map((r) => ({
      id: r.id,
      playerName: r.player_name,
      ...(includeStatus ? { status: r.status as UserStatus } : {}),
      currentElo: r.current_elo,
      averageMeanDifference: r.average_mean_difference,
      gamesPlayed: r.games_played,
      gamesWon: r.games_won,
    }));
  }

  /** Call after a game's results are written (the play domain does, through the bus). */
  invalidate(): void {
    this.generation += 1;
    this.cached = null;
    this.loading = null;
  }

  private page(): Promise<Row[]> {
    if (this.cached && this.now() - this.cached.at < this.maxAgeMs) {
      return Promise.resolve(this.cached.rows);
    }
    // Concurrent misses share one query instead of stampeding the database.
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.repo.top(LEADERBOARD_LIMIT).then(
      (rows) => {
        if (generation === this.generation) {
          this.cached = { rows, at: this.now() };
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
