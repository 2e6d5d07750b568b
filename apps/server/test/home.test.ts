import { expect, it } from 'vitest';
import { playTypedFastGame } from './support/quick-game';
import { playRanked, rankedLobby } from './support/ranked';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';

describeEachDialect('home dashboard', {}, ({ server, call, scales }) => {
  it('starts empty for a new player', async () => {
    const me = await createAccount(server);
    const reply = await call('GET', '/api/home', { token: me.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user: { id: me.id, username: me.username, playerName: me.playerName },
      stats: {
        current_elo: 1200,
        peak_elo: 1200,
        games_played: 0,
        games_won: 0,
        total_exact_matches: 0,
        total_penalties: 0,
        best_mean_difference: null,
        average_mean_difference: null,
      },
      recentGames: [],
      activeGame: null,
      tonight: { drankGrams: 0, alcoholGrams: 0, standardDrinks: 0 },
    });
    expect(
      (await call('GET', `/api/users/${me.id}/elo-history`, { token: me.token })).body,
    ).toEqual([]);
  });

  it('compresses a home of over 1 KB for a client that asks, and sends it plain otherwise', async () => {
    const me = await createAccount(server);
    for (let i = 0; i < 10; i += 1) {
      await playTypedFastGame(call, me, ['Bob', 'Carla'], [[5, 6, 7]], 'C0DE00000001');
    }
    const plain = await fetch(`${server.baseUrl}/api/home`, {
      headers: { authorization: `Bearer ${me.token}`, 'accept-encoding': 'identity' },
    });
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const packed = await fetch(`${server.baseUrl}/api/home`, {
      headers: { authorization: `Bearer ${me.token}`, 'accept-encoding': 'br' },
    });
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('vary')).toContain('accept-encoding');
    // fetch unpacks it: the same reply as the plain one.
    expect(await packed.json()).toEqual(JSON.parse(bytes.toString()));
    expect(JSON.parse(bytes.toString())).toEqual(
      (await call('GET', '/api/home', { token: me.token })).body,
    );
  });

  it('adds up played games: wins, exact matches, best and average mean, recent games newest first', async () => {
    const me = await createAccount(server);
    // Game 1: me 0 and 4 -> mean 2, one exact, rank 1 (Bob: 3, 3 -> mean 3).
    const first = await playTypedFastGame(
      call,
      me,
      ['Bob'],
      [
        [0, 3],
        [4, 3],
      ],
      'C0DE00000001',
    );
    expect(first.status).toBe('completed');
    // Game 2: me 10 -> mean 10, rank 2 (Bob 1).
    const second = await playTypedFastGame(call, me, ['Bob'], [[10, 1]], 'C0DE00000001');
    expect(second.status).toBe('completed');

    const home = (await call('GET', '/api/home', { token: me.token })).body;
    expect(home.stats).toEqual({
      current_elo: 1200,
      peak_elo: 1200,
      games_played: 2,
      games_won: 1,
      total_exact_matches: 1,
      total_penalties: 0,
      best_mean_difference: 2,
      average_mean_difference: 6,
    });
    expect(
      home.recentGames.map((g: any) => [g.game_id, g.rank, g.mean_difference, g.game_name]),
    ).toEqual([
      [second.id, 2, 10, 'Fast Game'],
      [first.id, 1, 2, 'Fast Game'],
    ]);
    expect(home.recentGames[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('shows the open game, and never another player’s figures', async () => {
    const me = await createAccount(server);
    const other = await createAccount(server);
    await playTypedFastGame(call, other, ['Zed'], [[0, 9]], 'C0DE00000002');
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: { players: ['x', 'Ann'], scaleAddress: 'C0DE00000003', containerType: 'BEER_CAN' },
    });
    const home = (await call('GET', '/api/home', { token: me.token })).body;
    expect(home.activeGame).toEqual({
      id: created.body.gameId,
      name: 'Fast Game',
      status: 'configured',
    });
    expect(home.stats.games_played).toBe(0);
    expect(home.recentGames).toEqual([]);
    expect((await call('GET', '/api/home')).status).toBe(401);
  });

  it('counts a ranked game for every slot: rating, peak, wins and the recent game', async () => {
    const [leader, anna, ben] = await createAccounts(server, 3);
    const home = async (who: typeof leader) =>
      (await call('GET', '/api/home', { token: who.token })).body;
    const recent = (body: any) =>
      body.recentGames.map((g: any) => [g.game_id, g.game_name, g.rank, g.mean_difference]);

    // Friday, turn order leader, Anna, Ben: means 2, 0 (two exact), 5 -> ranks 2, 1, 3.
    const friday = await rankedLobby(call, leader, [anna, ben], 'Friday');
    const scale = await scales.connect(leader.mac);
    const first = await playRanked(
      call,
      leader,
      friday,
      [
        [3, 0, 6],
        [1, 0, 4],
      ],
      scale,
    );
    expect(first.status).toBe('completed');
    // Pairwise ELO (docs/RULES.md), three players at 1200: K = 32 / 2 per pair, every E = 0.5.
    const afterFriday = await Promise.all([leader, anna, ben].map(home));
    expect(afterFriday.map((h) => h.stats)).toEqual([
      {
        current_elo: 1200,
        peak_elo: 1200,
        games_played: 1,
        games_won: 0,
        total_exact_matches: 0,
        total_penalties: 0,
        best_mean_difference: 2,
        average_mean_difference: 2,
      },
      {
        current_elo: 1216,
        peak_elo: 1216,
        games_played: 1,
        games_won: 1,
        total_exact_matches: 2,
        total_penalties: 0,
        best_mean_difference: 0,
        average_mean_difference: 0,
      },
      {
        current_elo: 1184,
        peak_elo: 1200,
        games_played: 1,
        games_won: 0,
        total_exact_matches: 0,
        total_penalties: 0,
        best_mean_difference: 5,
        average_mean_difference: 5,
      },
    ]);
    expect(afterFriday.map(recent)).toEqual([
      [[friday, 'Friday', 2, 2]],
      [[friday, 'Friday', 1, 0]],
      [[friday, 'Friday', 3, 5]],
    ]);
    expect(afterFriday.every((h) => h.activeGame === null)).toBe(true);

    // Saturday: the leader exact, Anna off by 9, Ben by 5 -> ranks 1, 3, 2.
    const saturday = await rankedLobby(call, leader, [anna, ben], 'Saturday');
    const second = await playRanked(call, leader, saturday, [[0, 9, 5]], scale);
    expect(second.status).toBe('completed');
    const expected = pairwiseElo([1200, 1216, 1184], [1, 3, 2]);
    expect(expected[1]).toBeLessThan(1216);
    const afterSaturday = await Promise.all([leader, anna, ben].map(home));
    afterSaturday.forEach((h, i) => expect(h.stats.current_elo).toBeCloseTo(expected[i]!, 6));
    // A peak only rises: Anna keeps her Friday peak, Ben never rose above 1200.
    expect(afterSaturday.map((h) => h.stats.peak_elo)).toEqual([
      afterSaturday[0].stats.current_elo,
      1216,
      1200,
    ]);
    expect(afterSaturday[0].stats.peak_elo).toBeGreaterThan(1200);
    expect(afterSaturday.map((h) => [h.stats.games_played, h.stats.games_won])).toEqual([
      [2, 1],
      [2, 1],
      [2, 0],
    ]);
    expect(afterSaturday.map(recent)).toEqual([
      [
        [saturday, 'Saturday', 1, 0],
        [friday, 'Friday', 2, 2],
      ],
      [
        [saturday, 'Saturday', 3, 9],
        [friday, 'Friday', 1, 0],
      ],
      [
        [saturday, 'Saturday', 2, 5],
        [friday, 'Friday', 3, 5],
      ],
    ]);
    expect(afterSaturday.map((h) => h.stats.average_mean_difference)).toEqual([1, 4.5, 5]);
  }, 90_000);

  it('validates the id of a rating history', async () => {
    const me = await createAccount(server);
    expect((await call('GET', '/api/users/abc/elo-history', { token: me.token })).status).toBe(400);
    expect((await call('GET', '/api/users/1/elo-history')).status).toBe(401);
  });
});

/** Pairwise ELO (docs/RULES.md): K = 32 / (N - 1), every E from the ratings before the game. */
function pairwiseElo(ratings: number[], ranks: number[]): number[] {
  const k = 32 / (ratings.length - 1);
  return ratings.map((ri, i) => {
    let sum = 0;
    ratings.forEach((rj, j) => {
      if (i === j) return;
      const s = ranks[i]! < ranks[j]! ? 1 : ranks[i] === ranks[j] ? 0.5 : 0;
      sum += s - 1 / (1 + 10 ** ((rj - ri) / 400));
    });
    return ri + k * sum;
  });
}
