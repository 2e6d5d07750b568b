import type { GameStatus } from '@beerscale/contract/game-state';
import { beforeAll, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { HomeRepository } from '../src/home/home.repository';
import { GameCompletionRepository } from '../src/game/play/game-completion.repository';
import { suiteDatabase } from './support/test-database';
import { describeEachDialect } from './support/each-dialect';

// The home page's recent games are a summary kept at completion (migration 0007): filled from
// the games already played when the migration runs, then extended and trimmed by each game.
describeEachDialect('recent games', ({ dialect }) => {
  const suite = suiteDatabase(dialect);
  const iso = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

  beforeAll(async () => {
    await migrateToLatest(suite.handle);
  });

  const user = async (name: string) =>
    (
      await suite.handle.db
        .insertInto('users')
        .values({
          username: name,
          username_key: name,
          player_name: name,
          password_hash: 'x',
          created_at: iso(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** A game with `me` in slot `position` (and `other` after), as completion leaves it. */
  const game = async (
    name: string,
    mode: 'fast' | 'ranked',
    status: GameStatus,
    minute: number,
    players: { userId: number | null; position: number; rank: number }[],
  ) => {
    const { id } = await suite.handle.db
      .insertInto('games')
      .values({
        name,
        mode,
        creator_id: players[0]!.userId!,
        status,
        rng_seed: 1,
        created_at: iso(minute),
        completed_at: status === 'completed' ? iso(minute + 1) : null,
        results_applied: status === 'completed' ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of players) {
      await suite.handle.db
        .insertInto('game_players')
        .values({
          game_id: id,
          user_id: p.userId,
          player_name: `slot ${p.position}`,
          position: p.position,
          rank: status === 'completed' ? p.rank : null,
          mean_difference: status === 'completed' ? p.rank * 1.5 : null,
          joined_at: iso(minute),
        })
        .execute();
    }
    return id;
  };

  it('is filled from the games played before the migration, the newest ten per player', async () => {
    const me = await user('me');
    const friend = await user('friend');
    await migrateTo(suite.handle, '0006-scale-registrations');
    const ranked: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      ranked.push(
        await game(`R${i}`, 'ranked', 'completed', i * 2, [
          { userId: me, position: 0, rank: 1 + (i % 2) },
          { userId: friend, position: 1, rank: 2 - (i % 2) },
        ]),
      );
    }
    // Not counted: a friend's fast game with me in a later slot, and unfinished games.
    await game('F-other', 'fast', 'completed', 40, [
      { userId: friend, position: 0, rank: 1 },
      { userId: me, position: 1, rank: 2 },
    ]);
    await game('Cancelled', 'ranked', 'cancelled', 42, [{ userId: me, position: 0, rank: 1 }]);
    await game('Open', 'ranked', 'active', 44, [{ userId: me, position: 0, rank: 1 }]);
    await migrateToLatest(suite.handle);

    const home = new HomeRepository(suite.handle.db);
    const mine = await home.recentGames(me, 10);
    expect(mine.map((g) => g.game_id)).toEqual(ranked.slice(2).reverse());
    expect(mine[0]).toMatchObject({ game_name: 'R11', rank: 2, mean_difference: 3 });
    expect(mine[0]!.finished_at).toBe(iso(23));
    expect((await home.recentGames(friend, 10)).map((g) => g.game_name)).toEqual([
      'F-other',
      ...['R11', 'R10', 'R9', 'R8', 'R7', 'R6', 'R5', 'R4', 'R3'],
    ]);
  });

  it('takes each completed game in and keeps only the newest ten', async () => {
    const me = await user('me2');
    const home = new HomeRepository(suite.handle.db);
    const completion = new GameCompletionRepository();
    const ids: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const id = await game(`G${i}`, 'fast', 'active', 100 + i * 2, [
        { userId: me, position: 0, rank: 1 },
        { userId: null, position: 1, rank: 2 },
      ]);
      await suite.handle.db
        .updateTable('game_players')
        .set({ rank: null, mean_difference: null })
        .where('game_id', '=', id)
        .execute();
      const slots = await suite.handle.db
        .selectFrom('game_players')
        .select(['id', 'position'])
        .where('game_id', '=', id)
        .orderBy('position')
        .execute();
      const done = await suite.handle.db.transaction().execute((trx) =>
        completion.complete(
          {
            gameId: id,
            mode: 'fast',
            standings: slots.map((s) => ({
              gamePlayerId: s.id,
              rank: s.position + 1,
              meanDifference: 2.5 + s.position,
              exactMatches: 0,
              bestDifference: 1,
            })),
            rate: () => [],
            reasons: [],
            now: new Date(Date.UTC(2026, 0, 2, 12, i)),
          },
          trx,
        ),
      );
      expect(done).toBe(true);
      ids.push(id);
    }
    const mine = await home.recentGames(me, 50);
    expect(mine.map((g) => g.game_id)).toEqual(ids.slice(1).reverse());
    expect(mine[0]).toMatchObject({ game_name: 'G10', rank: 1, mean_difference: 2.5 });
    const rows = await suite.handle.db
      .selectFrom('recent_games')
      .select('game_id')
      .where('user_id', '=', me)
      .execute();
    expect(rows).toHaveLength(10);
  });
});
