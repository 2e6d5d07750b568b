import { expect, it, onTestFinished } from 'vitest';
import { adminToken, pairRawDevice } from './support/pairing';
import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import { ERRORS } from '@beerscale/contract/messages';
import {
  WATCH_ERRORS,
  WATCH_GRACE_MS,
  WATCH_MAX_PER_ADDRESS,
  WATCH_MAX_PER_GAME,
  WATCH_TOKEN_LENGTH,
} from '@beerscale/contract/watch';
import { GAME_NOT_FOUND, LEADER_ONLY } from '../src/game/game-policy';
import type { Account } from './support/accounts';
import { rankedLobby } from './support/ranked';
import { openSocket, type TestSocket } from './support/socket-client';
import { typeReadings } from './support/typed-readings';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

// The watch link's limits: it opens one game's snapshot and live stream, for the leader's
// choice of time (until renewed), until a day after the game ended, for a capped crowd.

// Open watch sockets are checked for expired links often, so a test can see one go.
describeEachDialect('watch links', { config: { watchExpiryCheckMs: 100 } }, ({ server, call }) => {
  /** A fast game of the leader and two typed players, started. */
  async function runningGame(leader: Account): Promise<number> {
    const created = await call('POST', '/api/fast-game', {
      token: leader.token,
      body: {
        players: [leader.playerName, 'Bob', 'Cleo'],
        scaleAddress: leader.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 1,
      },
    });
    expect(created.status).toBe(201);
    const gameId: number = created.body.gameId;
    const started = await call('POST', `/api/fast-game/${gameId}/start`, { token: leader.token });
    expect(started.status).toBe(200);
    return gameId;
  }

  const linkOf = async (leader: Account, gameId: number) => {
    const reply = await call('POST', `/api/games/${gameId}/watch-link`, { token: leader.token });
    expect(reply.status).toBe(200);
    return reply.body.token as string;
  };
  /** A watcher from `address` (127.0.0.x: each its own client address for the per-address cap). */
  const watchSocket = (token: string, address = '127.0.0.1') =>
    openSocket(
      `${server.wsUrl}/ws/watch?token=${encodeURIComponent(token)}`,
      {},
      { localAddress: address },
    );
  const setCompletedAt = (gameId: number, at: Date) =>
    server.instance.database.db
      .updateTable('games')
      .set({ completed_at: at.toISOString() })
      .where('id', '=', gameId)
      .execute();

  it('gives the leader one 128-bit link that shows the game as its players see it', async () => {
    const leader = await createAccount(server);
    const gameId = await runningGame(leader);
    const reply = await call('POST', `/api/games/${gameId}/watch-link`, { token: leader.token });
    expect(reply.status).toBe(200);
    const { token, path } = reply.body;
    expect(token).toMatch(new RegExp(`^[A-Za-z0-9_-]{${WATCH_TOKEN_LENGTH}}$`));
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(path).toBe(`/watch/${token}`);
    // Asking again (another tab, a reload) shows the same link, so links handed round still work.
    expect(await linkOf(leader, gameId)).toBe(token);

    const watched = await call('GET', `/api/watch/${token}`);
    const played = await call('GET', `/api/games/${gameId}/state`, { token: leader.token });
    expect(watched.status).toBe(200);
    // The players' view, without what identifies accounts or the scale.
    expect(watched.body.game).toEqual({
      ...played.body.game,
      scaleAddress: null,
      players: played.body.game.players.map((p: object) => ({ ...p, userId: null })),
    });
    expect(JSON.stringify(watched.body)).not.toContain(leader.mac);
    const watcher = await watchSocket(token);
    const greeting = await watcher.next('GAME_STATE');
    expect(greeting.game.scaleAddress).toBeNull();
    expect(greeting.game.players.map((p: { userId: unknown }) => p.userId)).toEqual([
      null,
      null,
      null,
    ]);
    await call('POST', `/api/games/${gameId}/measurements`, {
      token: leader.token,
      body: { grams: 560 },
    });
    const next = await watcher.next('GAME_STATE');
    expect(JSON.stringify(next)).not.toContain(leader.mac);
    expect(next.game.players[0].userId).toBeNull();
    watcher.close();
  });

  it('is for the leader of a set-up or running game only', async () => {
    const [leader, member, outsider] = [
      await createAccount(server),
      await createAccount(server),
      await createAccount(server),
    ];
    const lobby = await rankedLobby(call, leader, [member]);
    const asMember = await call('POST', `/api/games/${lobby}/watch-link`, { token: member.token });
    expect(asMember).toMatchObject({ status: 403, body: { error: LEADER_ONLY } });
    const asOutsider = await call('POST', `/api/games/${lobby}/watch-link`, {
      token: outsider.token,
    });
    expect(asOutsider).toMatchObject({ status: 404, body: { error: GAME_NOT_FOUND } });
    // A lobby is not set up yet: nothing to watch.
    const pending = await call('POST', `/api/games/${lobby}/watch-link`, { token: leader.token });
    expect(pending).toMatchObject({ status: 409, body: { error: WATCH_ERRORS.notOpen } });
    const noLink = await call('POST', `/api/games/${lobby}/watch-link`, { token: '' });
    expect(noLink.status).toBe(401);
  });

  it('reads nothing else: no other game, no other route, no socket of a player', async () => {
    const [leader, other] = [await createAccount(server), await createAccount(server)];
    const gameId = await runningGame(leader);
    const otherGame = await runningGame(other);
    const token = await linkOf(leader, gameId);

    expect((await call('GET', `/api/watch/${token}`)).body.game.id).toBe(gameId);
    for (const path of [
      `/api/games/${gameId}/state`,
      `/api/games/${otherGame}/state`,
      '/api/home',
      '/api/verify-token',
      '/api/fast-game/active',
    ]) {
      const reply = await call('GET', path, { token });
      expect(reply.status, path).toBe(401);
    }
    for (const [method, path] of [
      ['POST', `/api/games/${gameId}/measurements`],
      ['POST', `/api/games/${gameId}/finish`],
      ['POST', `/api/games/${gameId}/watch-link/renew`],
    ] as const) {
      const reply = await call(method, path, { token, body: { grams: 500 } });
      expect(reply.status, path).toBe(401);
    }
    // As a path segment where a game id goes, or as the browser socket's token: nothing.
    expect((await call('GET', `/api/games/${token}/state`, { token: leader.token })).status).toBe(
      400,
    );
    const browser = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    expect(await browser.next('ERROR')).toEqual({ type: 'ERROR', message: ERRORS.invalidToken });
    expect(await browser.closed).toBe(CLOSE_POLICY);
    // Malformed or unknown tokens open nothing either; the game is unchanged by the attempts.
    expect((await call('GET', '/api/watch/short')).status).toBe(400);
    const unknown = await call('GET', `/api/watch/${'A'.repeat(WATCH_TOKEN_LENGTH)}`);
    expect(unknown).toMatchObject({ status: 404, body: { error: WATCH_ERRORS.invalidLink } });
    const refused = await openSocket(`${server.wsUrl}/ws/watch?token=${'A'.repeat(22)}`);
    expect(await refused.next('ERROR')).toEqual({
      type: 'ERROR',
      message: WATCH_ERRORS.invalidLink,
    });
    expect(await refused.closed).toBe(CLOSE_POLICY);
  });

  it('streams the game to a watcher, who can say nothing but PING', async () => {
    const leader = await createAccount(server);
    const gameId = await runningGame(leader);
    const watcher = await watchSocket(await linkOf(leader, gameId));
    const first = await watcher.next('GAME_STATE');
    expect(first.game).toMatchObject({ id: gameId, status: 'active', phase: 'INITIAL_WEIGHING' });

    await call('POST', `/api/games/${gameId}/measurements`, {
      token: leader.token,
      body: { grams: 560 },
    });
    const next = await watcher.next('GAME_STATE');
    expect(next.game.players[0].startWeight).toBe(560);

    watcher.send({ type: 'PING' });
    expect(await watcher.next('PONG')).toEqual({ type: 'PONG' });
    watcher.send({ type: 'SELECT_SCALE', macAddress: leader.mac });
    expect(await watcher.next('ERROR')).toEqual({ type: 'ERROR', message: WATCH_ERRORS.readOnly });
    watcher.close();
  });

  it('stops opening the game when the leader renews it, and sends its watchers away', async () => {
    const leader = await createAccount(server);
    const gameId = await runningGame(leader);
    const old = await linkOf(leader, gameId);
    const watcher = await watchSocket(old);
    await watcher.next('GAME_STATE');

    const renewed = await call('POST', `/api/games/${gameId}/watch-link/renew`, {
      token: leader.token,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).not.toBe(old);
    expect(await watcher.next('ERROR')).toEqual({ type: 'ERROR', message: WATCH_ERRORS.revoked });
    expect(await watcher.closed).toBe(CLOSE_POLICY);

    expect((await call('GET', `/api/watch/${old}`)).status).toBe(404);
    expect((await call('GET', `/api/watch/${renewed.body.token}`)).status).toBe(200);
    expect(await linkOf(leader, gameId)).toBe(renewed.body.token);
    const late = await watchSocket(old);
    expect(await late.closed).toBe(CLOSE_POLICY);
  });

  it('shows the final results for a day after the game ended, then nothing', async () => {
    const leader = await createAccount(server);
    const gameId = await runningGame(leader);
    const token = await linkOf(leader, gameId);
    const final = await typeReadings(call, leader.token, gameId, 3, [[0, 3, -7]]);
    expect(final.status).toBe('completed');

    const results = await call('GET', `/api/watch/${token}`);
    expect(results.body.game).toMatchObject({ status: 'completed' });
    expect(results.body.game.players.map((p: any) => p.rank)).toEqual([1, 2, 3]);
    // A finished game can no longer be shared anew.
    const again = await call('POST', `/api/games/${gameId}/watch-link`, { token: leader.token });
    expect(again).toMatchObject({ status: 409, body: { error: WATCH_ERRORS.notOpen } });

    const hour = 60 * 60 * 1000;
    await setCompletedAt(gameId, new Date(Date.now() - WATCH_GRACE_MS + hour));
    expect((await call('GET', `/api/watch/${token}`)).status).toBe(200);
    const watcher = await watchSocket(token);
    expect((await watcher.next('GAME_STATE')).game.status).toBe('completed');

    await setCompletedAt(gameId, new Date(Date.now() - WATCH_GRACE_MS - hour));
    // The socket still open is sent away at the next check.
    expect(await watcher.closed).toBe(CLOSE_POLICY);
    expect(await call('GET', `/api/watch/${token}`)).toMatchObject({
      status: 404,
      body: { error: WATCH_ERRORS.invalidLink },
    });
    const late = await watchSocket(token);
    expect(await late.next('ERROR')).toEqual({ type: 'ERROR', message: WATCH_ERRORS.invalidLink });
    expect(await late.closed).toBe(CLOSE_POLICY);
  });

  it('expires the same way for a game the leader cancelled', async () => {
    const leader = await createAccount(server);
    const gameId = await runningGame(leader);
    const token = await linkOf(leader, gameId);
    // Finishing before any scored round cancels the game.
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
    expect((await call('GET', `/api/watch/${token}`)).body.game.status).toBe('cancelled');
    await setCompletedAt(gameId, new Date(Date.now() - WATCH_GRACE_MS - 60_000));
    expect((await call('GET', `/api/watch/${token}`)).status).toBe(404);
  });

  it(`admits ${WATCH_MAX_PER_GAME} watchers per game and refuses the next clearly`, async () => {
    const leader = await createAccount(server);
    const gameId = await runningGame(leader);
    const token = await linkOf(leader, gameId);
    // All at once, from several addresses: one address alone may hold WATCH_MAX_PER_ADDRESS.
    const crowd: TestSocket[] = await Promise.all(
      Array.from({ length: WATCH_MAX_PER_GAME }, async (_, i) => {
        const socket = await watchSocket(
          token,
          `127.0.0.${2 + Math.floor(i / WATCH_MAX_PER_ADDRESS)}`,
        );
        await socket.next('GAME_STATE');
        return socket;
      }),
    );
    const extra = await watchSocket(token, '127.0.0.200');
    expect(await extra.next('ERROR')).toEqual({
      type: 'ERROR',
      message: WATCH_ERRORS.tooManyWatchers,
    });
    expect(await extra.closed).toBe(CLOSE_POLICY);
    // Another game's watchers are counted apart.
    const other = await createAccount(server);
    const elsewhere = await watchSocket(await linkOf(other, await runningGame(other)));
    expect((await elsewhere.next('GAME_STATE')).game.status).toBe('active');

    // One leaves: a place is free again (once the server has seen the close).
    crowd.pop()!.close();
    let admitted: TestSocket | null = null;
    while (!admitted) {
      const candidate = await watchSocket(token, '127.0.0.201');
      const first = await Promise.race([
        candidate.next('GAME_STATE').then(
          () => 'in',
          () => 'out',
        ),
        candidate.closed.then(() => 'out'),
      ]);
      if (first === 'in') admitted = candidate;
    }
    expect(admitted.messages[0].game.id).toBe(gameId);
    for (const socket of [...crowd, admitted, elsewhere]) socket.close();
  });

  it(`admits ${WATCH_MAX_PER_ADDRESS} watchers per client address, so one address cannot take a game's slots`, async () => {
    const leader = await createAccount(server);
    const token = await linkOf(leader, await runningGame(leader));
    const mine: TestSocket[] = [];
    for (let i = 0; i < WATCH_MAX_PER_ADDRESS; i += 1) {
      const socket = await watchSocket(token, '127.0.0.90');
      await socket.next('GAME_STATE');
      mine.push(socket);
    }
    const extra = await watchSocket(token, '127.0.0.90');
    expect(await extra.next('ERROR')).toEqual({
      type: 'ERROR',
      message: WATCH_ERRORS.tooManyWatchers,
    });
    const someoneElse = await watchSocket(token, '127.0.0.91');
    expect((await someoneElse.next('GAME_STATE')).game.status).toBe('active');
    for (const socket of [...mine, someoneElse]) socket.close();
  });

  /** A paired scale at the leader's address, closed with the test. */
  async function pairedScale(leader: Account) {
    const scale = await pairRawDevice(
      server.wsUrl,
      call,
      await adminToken(call, server.instance.database),
      leader.mac,
    );
    onTestFinished(() => scale.device.ws.close());
    return scale;
  }

  it("follows the leader's next game (Play again) with its scale, until the leader ends the evening", async () => {
    const leader = await createAccount(server);
    const scale = await pairedScale(leader);
    const first = await runningGame(leader);
    const token = await linkOf(leader, first);
    const watcher = await watchSocket(token);
    await watcher.next('GAME_STATE');
    await typeReadings(call, leader.token, first, 3, [[0, 3, -7]]);
    while ((await watcher.next('GAME_STATE')).game.status !== 'completed');

    // Play again: the same link, on the TV and the phones, shows the next game and its weight.
    const second = await runningGame(leader);
    let seen = await watcher.next('GAME_STATE');
    while (seen.game.id !== second) seen = await watcher.next('GAME_STATE');
    // Moved when the game was created; its start reaches watchers with its first step.
    expect(['configured', 'active']).toContain(seen.game.status);
    scale.device.send({ type: 'WEIGHT', grams: 321, stable: true });
    while ((await watcher.next('SCALE_DATA')).grams !== 321);
    const reloaded = await call('GET', `/api/watch/${token}`);
    expect(reloaded.body.game.id).toBe(second);
    watcher.close();

    // Only the leader ends the evening; then the link stays on its game.
    const other = await createAccount(server);
    const refused = await call('POST', `/api/games/${second}/watch-link/end`, {
      token: other.token,
    });
    expect(refused.status).toBe(404);
    const ended = await call('POST', `/api/games/${second}/watch-link/end`, {
      token: leader.token,
    });
    expect(ended.status).toBe(200);
    await typeReadings(call, leader.token, second, 3, [[0, 3, -7]]);
    const third = await runningGame(leader);
    expect((await call('GET', `/api/watch/${token}`)).body.game.id).toBe(second);
    expect(third).not.toBe(second);
  });

  it("shows only its game once the evening ended: no weight of the scale's next game", async () => {
    const leader = await createAccount(server);
    const scale = await pairedScale(leader);
    const first = await runningGame(leader);
    const watcher = await watchSocket(await linkOf(leader, first));
    await watcher.next('GAME_STATE');
    scale.device.send({ type: 'WEIGHT', grams: 3, stable: true });
    const live = await watcher.next('SCALE_DATA');
    // Weights, but never the scale's address.
    expect(live.macAddress).toBe('');
    await typeReadings(call, leader.token, first, 3, [[0, 3, -7]]);
    while ((await watcher.next('GAME_STATE')).game.status !== 'completed');
    expect(
      (await call('POST', `/api/games/${first}/watch-link/end`, { token: leader.token })).status,
    ).toBe(200);

    const second = await runningGame(leader);
    expect(second).not.toBe(first);
    const player = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
    player.send({ type: 'SELECT_SCALE', macAddress: leader.mac });
    await player.next('SCALE_STATUS');
    scale.device.send({ type: 'WEIGHT', grams: 321, stable: true });
    // The players of the next game see the weight; the old link does not.
    while ((await player.next('SCALE_DATA')).grams !== 321);
    watcher.send({ type: 'PING' });
    await watcher.next('PONG');
    expect(watcher.messages.filter((m) => m.type === 'SCALE_DATA' && m.grams === 321)).toEqual([]);
    expect(watcher.messages.some((m) => m.type === 'GAME_STATE' && m.game.id === second)).toBe(
      false,
    );
    player.close();
    watcher.close();
  });
});
