import { expect, it } from 'vitest';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { rankedLobby, startRanked } from './support/ranked';
import { QUICK_PLACEMENTS, ratedPlay, uniquePlayerName } from './support/rated-play';

// The pair limit and provisional players against what a script bridging a made-up Bluetooth
// scale can do: play the same three accounts against each other over and over. Its own file
// (from rating-rules.test.ts) because its ten games are the longest run of play in one test.

describeEachDialect('Rating pair limit', { config: QUICK_PLACEMENTS }, (context) => {
  const { server, call } = context;
  const { scriptedBridge, play, history } = ratedPlay(context);

  it('a scripted bridge: three fresh accounts, 10 ranked games in a row, each pair rated at most 3 times, all provisional', async () => {
    const players = [
      await createAccount(server, { playerName: uniquePlayerName('Alice') }),
      await createAccount(server),
      await createAccount(server),
    ];
    const [a, b, c] = players as [Account, Account, Account];
    const scale = await scriptedBridge(a);
    const ratings: unknown[] = [];
    for (let game = 0; game < 10; game += 1) {
      const gameId = await rankedLobby(call, a, [b, c], `Farm ${game}`);
      await startRanked(call, a, gameId, scale.mac, 1);
      const done = await play(a, gameId, scale, 3, 1);
      expect(done.scaleKind).toBe('bluetooth');
      expect(done.bridgedBy).toBe(a.playerName);
      expect(done.players[0].sources).toEqual(['bluetooth', 'bluetooth']);
      ratings.push(done.rating);
    }
    expect(ratings.slice(0, 3)).toEqual(Array(3).fill({ status: 'rated', reasons: [] }));
    expect(ratings.slice(3)).toEqual(Array(7).fill({ status: 'unrated', reasons: ['pair-limit'] }));
    for (const p of players) {
      expect(await history(p.id)).toHaveLength(3);
    }
    const pairs = await server.instance.database.db
      .selectFrom('rated_pairs')
      .select(['user_low', 'user_high', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_low', 'in', [a.id, b.id, c.id])
      .groupBy(['user_low', 'user_high'])
      .execute();
    expect(pairs.map((p) => Number(p.n))).toEqual([3, 3, 3]);
    const board = (await call('GET', '/api/leaderboard', { token: a.token })).body as {
      id: number;
      provisional: boolean;
      verifiedGames: number;
    }[];
    for (const p of players) {
      expect(board.find((row) => row.id === p.id)).toMatchObject({
        provisional: true,
        verifiedGames: 0,
      });
    }
  }, 240_000);
});
