import type { LeaderboardEntry } from '@beerscale/contract/leaderboard';
import { LEADERBOARD_LIMIT } from '@beerscale/contract/limits';
import type { UserStatus } from '@beerscale/contract/users';
import { JsonBytes } from '../http/json-bytes';
import type { LeaderboardRepository } from './leaderboard.repository';

type Row = Awaited<ReturnType<LeaderboardRepository['top']>>[number];

/** Where the page's presence comes from (realtime/user-statuses.ts), and when it changes. */
export interface StatusSource {
  of(ids: readonly number[]): Promise<Map<number, UserStatus>>;
  onChange(listener: (userIds: number[] | null) => void): () => void;
}

/**
 * The leaderboard (docs/ARCHITECTURE.md, Decisions): players with at least one completed ranked
 * game, best rated first. The ranking is kept in memory until something it shows changes (a game
 * completes, a listed player renames: invalidate()), never by time; presence comes from the
 * instance's copy of the statuses, kept current by the bus. Each page asked for (limit, with or
 * without status) is serialised once and sent as those bytes until the ranking or the status of one
 * of its players changes.
 */
export class LeaderboardService {
  private cached: Row[] | null = null;
  private loading: Promise<Row[]> | null = null;
  /** The ranking's players, to tell which status changes touch the pages. */
  private listed = new Set<number>();
  private readonly pages = new Map<string, Promise<JsonBytes>>();
  /** The pages of `pages` that are made, for the memory lane (pageAtHand). */
  private readonly made = new Map<string, JsonBytes>();
  /** Bumped by invalidate(): a ranking read that started before must not refill the cache. */
  private rankingGeneration = 0;

  constructor(
    private readonly repo: LeaderboardRepository,
    private readonly statuses: StatusSource,
  ) {
    statuses.onChange((userIds) => {
      if (userIds === null || userIds.some((id) => this.listed.has(id))) this.dropPages();
    });
  }

  async top(limit: number, includeStatus: boolean): Promise<LeaderboardEntry[]> {
    const rows = (await this.ranking()).slice(0, limit);
    const status = includeStatus ? await this.statuses.of(rows.map((r) => r.id)) : null;
    return rows.map((r) => ({
      id: r.id,
      playerName: r.player_name,
      ...(status ? { status: status.get(r.id) ?? 'offline' } : {}),
      currentElo: r.current_elo,
      averageMeanDifference: r.average_mean_difference,
      gamesPlayed: r.games_played,
      gamesWon: r.games_won,
      verifiedGames: r.verifiedGames,
      provisional: r.provisional,
    }));
  }

  /** The reply of top(), serialised once per change of what it shows. */
  page(limit: number, includeStatus: boolean): Promise<JsonBytes> {
    const key = pageKey(limit, includeStatus);
    const known = this.pages.get(key);
    if (known) return known;
    const made = this.top(limit, includeStatus).then((entries) => new JsonBytes(entries));
    // Kept from the start, so concurrent requests share it; any change drops it, even while it
    // is being made (it may have read what changed), and a failed one is never kept.
    this.pages.set(key, made);
    made.then(
      (bytes) => {
        if (this.pages.get(key) === made) this.made.set(key, bytes);
      },
      () => {
        if (this.pages.get(key) === made) this.pages.delete(key);
      },
    );
    return made;
  }

  /** page()'s bytes when they are made and current (the memory lane's answer); else null. */
  pageAtHand(limit: number, includeStatus: boolean): JsonBytes | null {
    return this.made.get(pageKey(limit, includeStatus)) ?? null;
  }

  /** After a game's results are written, or a player renames (leaderboard-invalidation.ts). */
  invalidate(): void {
    this.rankingGeneration += 1;
    this.cached = null;
    this.loading = null;
    this.dropPages();
  }

  private dropPages(): void {
    this.pages.clear();
    this.made.clear();
  }

  private ranking(): Promise<Row[]> {
    if (this.cached) return Promise.resolve(this.cached);
    // Concurrent misses share one query instead of stampeding the database.
    if (this.loading) return this.loading;
    const generation = this.rankingGeneration;
    const loading = this.repo.top(LEADERBOARD_LIMIT).then(
      (rows) => {
        if (generation === this.rankingGeneration) {
          this.cached = rows;
          this.listed = new Set(rows.map((r) => r.id));
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

const pageKey = (limit: number, includeStatus: boolean) => `${limit}:${includeStatus}`;
