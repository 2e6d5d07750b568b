import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { httpClient, type HttpCall } from './support/http-client';
import { playTypedFastGame } from './support/quick-game';
import { startTestServer, type TestServer } from './support/test-server';
import { testDialects } from './support/test-database';

describe.each(testDialects())('home dashboard on %s', (dialect) => {
  let server: TestServer;
  let call: HttpCall;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    call = httpClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('starts empty for a new player', async () => {
    const me = await signUp(call);
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
        best_mean_difference: null,
        average_mean_difference: null,
      },
      recentGames: [],
      activeGame: null,
    });
    expect(
      (await call('GET', `/api/users/${me.id}/elo-history`, { token: me.token })).body,
    ).toEqual([]);
  });

  it('adds up played games: wins, exact matches, best and average mean, recent games newest first', async () => {
    const me = await signUp(call);
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
    const me = await signUp(call);
    const other = await signUp(call);
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

  it('validates the id of a rating history', async () => {
    const me = await signUp(call);
    expect((await call('GET', '/api/users/abc/elo-history', { token: me.token })).status).toBe(400);
    expect((await call('GET', '/api/users/1/elo-history')).status).toBe(401);
  });
});
