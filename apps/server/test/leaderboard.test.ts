import type { UserStatus } from '@beerscale/contract/users';
import { beforeAll, expect, it } from 'vitest';
import { leaderboardSchema } from '@beerscale/contract/leaderboard';
import type { Account } from './support/accounts';
import { playRanked, rankedLobby } from './support/ranked';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';

// GET /api/leaderboard?includeStatus=true&limit=50. The tests run in order
// on one database: the first sees nobody ranked, later ones add players.
describeEachDialect('leaderboard', {}, ({ server, call, scales }) => {
  let viewer: Account;

  beforeAll(async () => {
    viewer = await createAccount(server);
  });

  const board = async (query = '') => {
    const reply = await call('GET', `/api/leaderboard${query}`, { token: viewer.token });
    expect(reply.status).toBe(200);
    return leaderboardSchema.parse(reply.body);
  };
  const db = () => server.instance.database.db;
  let seq = 0;
  /** A player straight into the table, with the rating columns a finished game leaves. */
  const seed = async (values: {
    elo: number;
    ranked?: number;
    played?: number;
    won?: number;
    avg?: number | null;
    status?: UserStatus;
  }) => {
    seq += 1;
    const name = `seed${seq}`;
    const row = await db()
      .insertInto('users')
      .values({
        username: name,
        username_key: name,
        player_name: `S${seq}`,
        password_hash: 'x',
        status: values.status ?? 'offline',
        current_elo: values.elo,
        peak_elo: values.elo,
        ranked_games_played: values.ranked ?? 1,
        games_played: values.played ?? 1,
        games_won: values.won ?? 0,
        average_mean_difference: values.avg === undefined ? 4.5 : values.avg,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it('validates its query and needs a session', async () => {
    for (const q of [
      'limit=0',
      'limit=51',
      'limit=-1',
      'limit=1.5',
      'limit=x',
      'limit=',
      'includeStatus=maybe',
      'includeStatus=1',
      'other=1',
    ]) {
      const reply = await call('GET', `/api/leaderboard?${q}`, { token: viewer.token });
      expect(reply.status, q).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
    expect(
      (await call('GET', '/api/leaderboard?limit=51', { token: viewer.token })).body.error,
    ).toBe('Limit must be between 1 and 50');
    expect((await call('GET', '/api/leaderboard')).status).toBe(401);
  });

  it('is empty while nobody has finished a ranked game', async () => {
    await seed({ elo: 1500, ranked: 0, played: 3 }); // fast games only
    expect(await board('?includeStatus=true&limit=50')).toEqual([]);
  });

  it('lists ranked players best rated first, ties by id, up to the limit', async () => {
    const top = await seed({ elo: 2000.4, played: 7, won: 5, avg: 2.345, status: 'searching' });
    const tieA = await seed({ elo: 1900 });
    const tieB = await seed({ elo: 1900, status: 'logged_in' });
    const unranked = await seed({ elo: 3000, ranked: 0, played: 9 });
    for (let i = 0; i < 55; i += 1) await seed({ elo: 1000 + i * 3, avg: null });
    server.instance.services.leaderboard.invalidate();

    const full = await board('?includeStatus=true&limit=50');
    expect(full).toHaveLength(50);
    expect(full.slice(0, 3).map((e) => e.id)).toEqual([top, tieA, tieB]);
    expect(full[0]).toEqual({
      id: top,
      playerName: expect.stringMatching(/^S\d+$/),
      status: 'searching',
      currentElo: 2000.4,
      averageMeanDifference: 2.345,
      gamesPlayed: 7,
      gamesWon: 5,
      // Seeded straight into the table: no game of theirs was weighed or rated here.
      verifiedGames: 0,
      provisional: true,
    });
    expect(full[2]!.status).toBe('logged_in');
    expect(full.some((e) => e.id === unranked || e.id === viewer.id)).toBe(false);
    // Nobody here is established yet: all provisional, so best rated first throughout.
    for (let i = 1; i < full.length; i += 1) {
      const [a, b] = [full[i - 1]!, full[i]!];
      expect(a.currentElo > b.currentElo || (a.currentElo === b.currentElo && a.id < b.id)).toBe(
        true,
      );
    }
    expect(await board()).toEqual(full); // the defaults are includeStatus=true&limit=50

    const three = await board('?limit=3');
    expect(three.map((e) => e.id)).toEqual([top, tieA, tieB]);
    const bare = await board('?includeStatus=false&limit=2');
    expect(bare).toEqual(full.slice(0, 2).map(({ status: _status, ...rest }) => rest));
    expect(bare.every((e) => !('status' in e))).toBe(true);
  });

  it('shows a completed game at once, however recently the page was read', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [anna]);
    const before = await board();
    expect(before.some((e) => e.id === leader.id)).toBe(false);
    await playRanked(call, leader, gameId, [[0, 5]], await scales.connect(leader.mac));

    const after = await board();
    expect(after.find((e) => e.id === leader.id)).toEqual({
      id: leader.id,
      playerName: leader.playerName,
      status: expect.any(String),
      currentElo: 1216,
      averageMeanDifference: 0,
      gamesPlayed: 1,
      gamesWon: 1,
      verifiedGames: 1,
      provisional: true,
    });
    expect(after.find((e) => e.id === anna.id)).toMatchObject({
      currentElo: 1184,
      averageMeanDifference: 5,
      gamesPlayed: 1,
      gamesWon: 0,
    });
    const ids = after.map((e) => e.id);
    expect(ids.indexOf(leader.id)).toBeLessThan(ids.indexOf(anna.id));
  });

  it('keeps the ranking until a game completes or a listed player renames, with live presence', async () => {
    const climber = await seed({ elo: 500 });
    server.instance.services.leaderboard.invalidate();
    expect((await board()).some((e) => e.id === climber)).toBe(false);
    await db().updateTable('users').set({ current_elo: 5000 }).where('id', '=', climber).execute();
    // The ranking is cached: a change no event announced is not seen...
    expect((await board()).some((e) => e.id === climber)).toBe(false);
    server.instance.bus.publish('game.completed', {
      gameId: 1,
      gameName: 'Elsewhere',
      mac: null,
      userIds: [],
      displays: [],
    });
    // ...until a game completes anywhere.
    expect((await board())[0]!.id).toBe(climber);

    // A listed player's status change shows on the next request, though the page is cached.
    const player = await createAccount(server);
    await db()
      .updateTable('users')
      .set({ current_elo: 9000, ranked_games_played: 1 })
      .where('id', '=', player.id)
      .execute();
    server.instance.services.leaderboard.invalidate();
    expect((await board())[0]).toMatchObject({ id: player.id, status: 'logged_in' });
    expect((await board())[0]).toMatchObject({ id: player.id, status: 'logged_in' });
    const searching = await call('PUT', `/api/users/${player.id}/status`, {
      token: player.token,
      body: { status: 'searching' },
    });
    expect(searching.status).toBe(200);
    expect((await board())[0]).toMatchObject({ id: player.id, status: 'searching' });

    // A listed player's rename through the API shows at once.
    const renamed = await call('PUT', '/api/profile', {
      token: player.token,
      body: { playerName: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    expect((await board())[0]).toMatchObject({ id: player.id, playerName: 'Renamed' });
  });

  it('lists established players first, then provisional ones, each best rated first', async () => {
    // Four who play only each other, five rated games together (README.md, The rating rules):
    // established, and rated far below everybody else here.
    const table = [
      await seed({ elo: 101 }),
      await seed({ elo: 104 }),
      await seed({ elo: 102 }),
      await seed({ elo: 103 }),
    ];
    for (let game = 0; game < 5; game += 1) {
      const { id } = await db()
        .insertInto('games')
        .values({
          name: `Table ${game}`,
          mode: 'ranked',
          creator_id: table[0]!,
          status: 'completed',
          rng_seed: 1,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, low] of table.entries()) {
        for (const high of table.slice(i + 1)) {
          await db()
            .insertInto('rated_pairs')
            .values({
              game_id: id,
              user_low: Math.min(low, high),
              user_high: Math.max(low, high),
              rated_at: new Date().toISOString(),
            })
            .execute();
        }
      }
    }
    // More provisional players rated above them than one read of the ranking takes (200).
    for (let i = 0; i < 205; i += 1) await seed({ elo: 20000 + i });
    server.instance.services.leaderboard.invalidate();

    const full = await board();
    expect(full.slice(0, 4).map((e) => e.id)).toEqual([table[1], table[3], table[2], table[0]]);
    expect(full.slice(0, 4).every((e) => !e.provisional)).toBe(true);
    expect(full.slice(4).every((e) => e.provisional)).toBe(true);
    expect(full[4]!.currentElo).toBe(20204);
    for (let i = 5; i < full.length; i += 1) {
      expect(full[i - 1]!.currentElo).toBeGreaterThanOrEqual(full[i]!.currentElo);
    }
  });
});
