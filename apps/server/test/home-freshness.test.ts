import { expect, it } from 'vitest';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';
import { playTypedFastGame } from './support/quick-game';
import { answerInvite, createGame, inviteTo, rankedLobby, setUpRanked } from './support/ranked';

// The home reply is remembered per player (home/remembered-homes.ts). Every case reads home
// first, so that it is remembered, then changes what it shows through the API and reads again:
// a change the remembered reply missed shows as the old figure.
describeEachDialect('home stays current while remembered', {}, ({ server, call, scales }) => {
  const home = async (who: Account) => {
    const reply = await call('GET', '/api/home', { token: who.token });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const openGame = async (who: Account) => (await home(who)).activeGame;
  const fastGame = async (who: Account, mac: string) => {
    const created = await call('POST', '/api/fast-game', {
      token: who.token,
      body: { players: [who.playerName, 'Ann'], scaleAddress: mac, containerType: 'BEER_CAN' },
    });
    expect(created.status).toBe(201);
    return created.body.gameId as number;
  };

  it('follows a fast game from set-up to its results, and a replaced set-up', async () => {
    const me = await createAccount(server);
    expect(await openGame(me)).toBeNull();
    const first = await fastGame(me, 'C0DE0000F001');
    expect(await openGame(me)).toEqual({ id: first, name: 'Fast Game', status: 'configured' });
    // Setting up again replaces the unstarted game.
    const second = await fastGame(me, 'C0DE0000F001');
    expect(await openGame(me)).toEqual({ id: second, name: 'Fast Game', status: 'configured' });
    await call('POST', `/api/fast-game/${second}/start`, { token: me.token });
    expect(await openGame(me)).toMatchObject({ id: second, status: 'active' });
    await call('POST', `/api/games/${second}/finish`, { token: me.token });
    // Finished before a round was complete: cancelled, nothing counted.
    expect(await home(me)).toMatchObject({ activeGame: null, recentGames: [] });

    const played = await playTypedFastGame(call, me, ['Bob'], [[0, 5]], 'C0DE0000F001');
    const after = await home(me);
    expect(after.activeGame).toBeNull();
    expect(after.stats).toMatchObject({ games_played: 1, games_won: 1, total_exact_matches: 1 });
    expect(after.recentGames.map((g: { game_id: number }) => g.game_id)).toEqual([played.id]);
  });

  it('shows a new player name', async () => {
    const me = await createAccount(server);
    expect((await home(me)).user.playerName).toBe(me.playerName);
    const renamed = await call('PUT', '/api/profile', {
      token: me.token,
      body: { playerName: 'Ruth' },
    });
    expect(renamed.status).toBe(200);
    expect((await home(me)).user.playerName).toBe('Ruth');
  });

  it('follows a ranked lobby: created, joined, set up, left, kicked, cancelled', async () => {
    const [leader, anna, ben] = await createAccounts(server, 3);
    for (const who of [leader, anna, ben]) expect(await openGame(who)).toBeNull();

    const gameId = await createGame(call, leader, 'Tuesday');
    expect(await openGame(leader)).toEqual({ id: gameId, name: 'Tuesday', status: 'pending' });
    const annaInvite = await inviteTo(call, leader, gameId, anna);
    const benInvite = await inviteTo(call, leader, gameId, ben);
    expect(await openGame(anna)).toBeNull();
    expect((await answerInvite(call, anna, annaInvite, 'accepted')).status).toBe(200);
    expect((await answerInvite(call, ben, benInvite, 'accepted')).status).toBe(200);
    expect(await openGame(anna)).toEqual({ id: gameId, name: 'Tuesday', status: 'pending' });
    expect(await openGame(ben)).toMatchObject({ id: gameId });

    const scale = await scales.connect(leader.mac);
    const setUp = await setUpRanked(call, leader, gameId, scale.mac, 1);
    expect(setUp.status).toBe(200);
    for (const who of [leader, anna, ben]) {
      expect(await openGame(who)).toMatchObject({ id: gameId, status: 'configured' });
    }

    expect((await call('POST', `/api/games/${gameId}/leave`, { token: ben.token })).status).toBe(
      200,
    );
    expect(await openGame(ben)).toBeNull();
    const kicked = await call('POST', `/api/games/${gameId}/participants/${anna.id}/kick`, {
      token: leader.token,
    });
    expect(kicked.status).toBe(200);
    expect(await openGame(anna)).toBeNull();
    const cancelled = await call('POST', `/api/games/${gameId}/cancel`, { token: leader.token });
    expect(cancelled.status).toBe(200);
    expect(await openGame(leader)).toBeNull();
  });

  it('shows a ranked game started, and the ranked game that closed an unstarted fast one', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    // Anna has a fast game set up when she joins the ranked lobby: joining closes it.
    const fast = await fastGame(anna, 'C0DE0000F002');
    expect(await openGame(anna)).toMatchObject({ id: fast, status: 'configured' });
    const gameId = await rankedLobby(call, leader, [anna], 'Saturday');
    expect(await openGame(anna)).toEqual({ id: gameId, name: 'Saturday', status: 'pending' });

    const scale = await scales.connect(leader.mac);
    await setUpRanked(call, leader, gameId, scale.mac, 1);
    expect(await openGame(anna)).toMatchObject({ id: gameId, status: 'configured' });
    const started = await call('POST', `/api/games/${gameId}/start-ranked`, {
      token: leader.token,
      body: { scaleAddress: scale.mac, containerType: 'BEER_BOTTLE', rounds: 1 },
    });
    expect(started.status).toBe(200);
    for (const who of [leader, anna]) {
      expect(await openGame(who)).toMatchObject({ id: gameId, status: 'active' });
    }
  });
});
