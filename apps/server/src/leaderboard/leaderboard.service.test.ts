import { describe, expect, it, vi } from 'vitest';
import type { UserStatus } from '@beerscale/contract/users';
import type { LeaderboardRepository } from './leaderboard.repository';
import { LeaderboardService, type StatusSource } from './leaderboard.service';

type Row = Awaited<ReturnType<LeaderboardRepository['top']>>[number];

const row = (id: number, elo: number): Row => ({
  id,
  player_name: `P${id}`,
  current_elo: elo,
  average_mean_difference: 3.25,
  games_played: 2,
  games_won: 1,
  verifiedGames: 0,
  ratedGames: 0,
  ratedOpponents: 0,
  independentOpponents: 0,
  provisional: true,
});

/** A repository whose answers the test controls, counting the queries it gets. */
function fakeRepo(initial: Row[]) {
  let rows = initial;
  let pending: (() => void)[] = [];
  const repo = {
    queries: 0,
    hold: false,
    set(next: Row[]) {
      rows = next;
    },
    /** Answers held queries, newest first, each with the rows of when it was asked. */
    release() {
      const waiting = pending.reverse();
      pending = [];
      waiting.forEach((answer) => answer());
    },
    top(limit: number) {
      repo.queries += 1;
      expect(limit).toBe(50);
      const asked = rows;
      if (!repo.hold) return Promise.resolve(asked);
      return new Promise<Row[]>((resolve) => pending.push(() => resolve(asked)));
    },
  };
  return repo;
}

/** The instance's statuses as the test sets them; `change` is what the bus would announce. */
function fakeStatuses() {
  const listeners = new Set<(ids: number[] | null) => void>();
  const source = {
    reads: 0,
    presence: new Map<number, UserStatus>(),
    of(ids: readonly number[]) {
      source.reads += 1;
      return Promise.resolve(new Map(ids.map((id) => [id, source.presence.get(id) ?? 'offline'])));
    },
    onChange(listener: (ids: number[] | null) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change(id: number, status: UserStatus) {
      source.presence.set(id, status);
      for (const listener of listeners) listener([id]);
    },
  };
  return source;
}

function service(initial: Row[]) {
  const repo = fakeRepo(initial);
  const statuses = fakeStatuses();
  const board = new LeaderboardService(
    repo as unknown as LeaderboardRepository,
    statuses satisfies StatusSource,
  );
  return { repo, board, statuses };
}

const parsed = async (page: Promise<{ plain: Buffer }>) =>
  JSON.parse((await page).plain.toString()) as { id: number; status?: string }[];

describe('LeaderboardService', () => {
  it('maps rows to entries, honouring limit and includeStatus', async () => {
    const { board } = service([row(1, 1300), row(2, 1250), row(3, 1200)]);
    expect(await board.top(2, true)).toEqual([
      {
        id: 1,
        playerName: 'P1',
        status: 'offline',
        currentElo: 1300,
        averageMeanDifference: 3.25,
        gamesPlayed: 2,
        gamesWon: 1,
        verifiedGames: 0,
        provisional: true,
      },
      expect.objectContaining({ id: 2 }),
    ]);
    const withoutStatus = await board.top(50, false);
    expect(withoutStatus).toHaveLength(3);
    expect(withoutStatus.every((e) => !('status' in e))).toBe(true);
  });

  it('keeps the ranking, however old, until invalidated: no expiry by time', async () => {
    const { repo, board } = service([row(1, 1300)]);
    vi.useFakeTimers();
    try {
      await board.top(50, true);
      repo.set([row(2, 1400)]);
      vi.advanceTimersByTime(24 * 3600 * 1000);
      expect((await board.top(50, true)).map((e) => e.id)).toEqual([1]);
      expect(repo.queries).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads presence from the status source only for requests that ask for it', async () => {
    const { repo, board, statuses } = service([row(1, 1300), row(2, 1250)]);
    expect((await board.top(50, true)).map((e) => e.status)).toEqual(['offline', 'offline']);
    statuses.change(2, 'searching');
    expect((await board.top(50, true)).map((e) => e.status)).toEqual(['offline', 'searching']);
    await board.top(50, false);
    expect(repo.queries).toBe(1);
    expect(statuses.reads).toBe(2);
  });

  // The memory lane sends pageAtHand()'s bytes without asking page(): they must be current.
  it('has a page at hand only once it is made, and not after a change drops it', async () => {
    const { repo, board, statuses } = service([row(1, 1300)]);
    expect(board.pageAtHand(50, true)).toBeNull();
    repo.hold = true;
    const making = board.page(50, true);
    expect(board.pageAtHand(50, true)).toBeNull();
    repo.release();
    const made = await making;
    expect(board.pageAtHand(50, true)).toBe(made);
    expect(board.pageAtHand(50, false)).toBeNull();
    statuses.change(1, 'searching');
    expect(board.pageAtHand(50, true)).toBeNull();
    await board.page(50, true);
    expect(board.pageAtHand(50, true)).not.toBeNull();
    board.invalidate();
    expect(board.pageAtHand(50, true)).toBeNull();
    // A page whose making a change overtook is not kept at hand either.
    repo.hold = true;
    const overtaken = board.page(50, true);
    board.invalidate();
    repo.release();
    await overtaken;
    expect(board.pageAtHand(50, true)).toBeNull();
  });

  it("serialises a page once, until the ranking or a listed player's status changes", async () => {
    const { board, statuses } = service([row(1, 1300), row(2, 1250)]);
    const first = await board.page(50, true);
    expect(await board.page(50, true)).toBe(first);
    expect(statuses.reads).toBe(1);
    // Pages differ by limit and by includeStatus.
    expect((await parsed(board.page(1, true))).map((e) => e.id)).toEqual([1]);
    expect((await parsed(board.page(50, false))).every((e) => !('status' in e))).toBe(true);

    // Someone not on the page: the bytes stay.
    statuses.change(99, 'searching');
    expect(await board.page(50, true)).toBe(first);
    // A listed player: the next request gets the new status.
    statuses.change(2, 'searching');
    expect((await parsed(board.page(50, true))).map((e) => e.status)).toEqual([
      'offline',
      'searching',
    ]);
    board.invalidate();
    expect(await board.page(50, true)).not.toBe(first);
  });

  it('never keeps a page made before a status change it could have missed', async () => {
    const { board, statuses } = service([row(1, 1300)]);
    await board.top(50, true);
    const stale = board.page(50, true);
    statuses.change(1, 'searching');
    await stale;
    expect((await parsed(board.page(50, true)))[0]!.status).toBe('searching');
  });

  it('reads again at once after invalidate()', async () => {
    const { repo, board } = service([row(1, 1300)]);
    await board.top(50, true);
    repo.set([row(2, 1400), row(1, 1284)]);
    board.invalidate();
    expect((await board.top(50, true)).map((e) => e.currentElo)).toEqual([1400, 1284]);
    expect(repo.queries).toBe(2);
  });

  it('shares one query among concurrent misses', async () => {
    const { repo, board } = service([row(1, 1300)]);
    repo.hold = true;
    const reads = Promise.all([board.top(50, true), board.top(10, false), board.top(1, true)]);
    repo.release();
    const [a, b, c] = await reads;
    expect(repo.queries).toBe(1);
    expect([a.length, b.length, c.length]).toEqual([1, 1, 1]);
  });

  it('never keeps a read that started before an invalidation', async () => {
    const { repo, board } = service([row(1, 1300)]);
    repo.hold = true;
    const stale = board.top(50, true);
    repo.set([row(2, 1400)]);
    board.invalidate();
    const fresh = board.top(50, true);
    repo.release();
    expect((await stale).map((e) => e.id)).toEqual([1]);
    expect((await fresh).map((e) => e.id)).toEqual([2]);
    repo.hold = false;
    // The page in the cache is the fresh one, not the stale read's.
    expect((await board.top(50, true)).map((e) => e.id)).toEqual([2]);
    expect(repo.queries).toBe(2);
  });

  it('does not keep a failed read: the next caller asks again', async () => {
    let calls = 0;
    const flaky = {
      top: () =>
        ++calls === 1 ? Promise.reject(new Error('db down')) : Promise.resolve([row(1, 1300)]),
    };
    const board = new LeaderboardService(flaky as unknown as LeaderboardRepository, fakeStatuses());
    await expect(board.top(50, true)).rejects.toThrow('db down');
    expect((await board.top(50, true)).map((e) => e.id)).toEqual([1]);
    expect(calls).toBe(2);
  });
});
