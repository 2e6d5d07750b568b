import { expect, it } from 'vitest';
import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import { SEAT_SOCKETS_PER_SEAT, WATCH_ERRORS } from '@beerscale/contract/watch';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { setUpFastGame } from './support/quick-game';
import { macMaker } from './support/next-mac';
import { rankedLobby, startRanked } from './support/ranked';
import { openSocket } from './support/socket-client';
import { putOnScale } from './support/table-scale';

// Seats on phones, live (docs/ARCHITECTURE.md, Seats): a seat's phone follows its game on the
// watch socket, naming its seat in the first message; the join page offers latecomers the
// game's watch page; the set-up replies carry the join code.

const nextMac = macMaker('E3');
const CODE = /^[A-HJ-NP-Z2-9]{4}$/;

describeEachDialect('seats on the watch socket', {}, ({ server, call, scales }) => {
  async function fastGame(players = ['Bob', 'Cid']) {
    const me = await createAccount(server);
    const scale = await scales.connect(nextMac());
    const created = await setUpFastGame(call, me, players, scale.mac, { rounds: 2 });
    expect(created.status).toBe(201);
    const gameId: number = created.body.gameId;
    const code: string = created.body.joinCode;
    const info = await call('GET', `/api/join/${code}`);
    expect(info.status).toBe(200);
    return { me, scale, gameId, code, seats: info.body.seats as { playerId: number }[] };
  }
  const take = async (code: string, playerId: number) => {
    const taken = await call('POST', `/api/join/${code}`, { body: { playerId } });
    expect(taken.status).toBe(201);
    return taken.body.seatToken as string;
  };
  const watchSocket = (query = '') => openSocket(`${server.wsUrl}/ws/watch${query}`);
  /** A seat's socket as its phone opens it: no token in the address, SEAT first. */
  const seatSocket = async (token: string) => {
    const socket = await watchSocket();
    socket.send({ type: 'SEAT', token });
    return socket;
  };

  it("follows the seat's game as a watcher sees it: its snapshots and its scale's weight", async () => {
    const { me, scale, gameId, code, seats } = await fastGame();
    const token = await take(code, seats[1]!.playerId);
    const socket = await seatSocket(token);
    const greeting = await socket.next('GAME_STATE');
    expect(greeting.game).toMatchObject({ id: gameId, status: 'configured', scaleAddress: null });
    expect(greeting.game.players.map((p: { userId: unknown }) => p.userId)).toEqual([
      null,
      null,
      null,
    ]);
    expect((await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token })).status).toBe(
      200,
    );
    expect((await socket.next('GAME_STATE')).game.status).toBe('active');
    putOnScale(scale, 512);
    const weights = () => socket.messages.filter((m) => m.type === 'SCALE_DATA');
    await expect.poll(() => weights().some((m) => m.grams === 512)).toBe(true);
    expect(weights().every((m) => m.macAddress === '')).toBe(true);
    expect(JSON.stringify(socket.messages)).not.toContain(scale.mac);
    // The socket takes nothing but PING and PONG once the seat is named.
    socket.send({ type: 'SEAT', token });
    expect((await socket.next('ERROR')).message).toBe(WATCH_ERRORS.readOnly);
    await socket.roundTrip();
    socket.close();
  });

  it('opens only with a held seat named first; a released or left seat closes its sockets', async () => {
    const { me, gameId, code, seats } = await fastGame();
    const [bob, cid] = [seats[1]!.playerId, seats[2]!.playerId];
    const bobToken = await take(code, bob);
    const cidToken = await take(code, cid);

    // Anything else first, a malformed token, or a token of no seat: ERROR, then 1008.
    for (const [first, refusal] of [
      [{ type: 'PING' }, SEAT_REFUSALS.seatFirst],
      ['not json', SEAT_REFUSALS.seatFirst],
      [{ type: 'SEAT', token: 'short' }, SEAT_REFUSALS.seatFirst],
      [{ type: 'SEAT', token: 'A'.repeat(22) }, SEAT_REFUSALS.seatEnded],
    ] as const) {
      const socket = await watchSocket();
      socket.send(first);
      expect(await socket.closed).toBe(CLOSE_POLICY);
      expect(socket.messages.find((m) => m.type === 'ERROR').message).toBe(refusal);
      expect(socket.messages.some((m) => m.type === 'GAME_STATE')).toBe(false);
    }
    // A session's token or a watch link's place in the address is no seat.
    const asSession = await watchSocket(`?token=${me.token}`);
    expect(await asSession.closed).toBe(CLOSE_POLICY);

    // The leader releases Bob's seat: Bob's open socket is told and closed, Cid's stays.
    const bobSocket = await seatSocket(bobToken);
    const cidSocket = await seatSocket(cidToken);
    await bobSocket.next('GAME_STATE');
    await cidSocket.next('GAME_STATE');
    const released = await call('POST', `/api/games/${gameId}/seats/${bob}/release`, {
      token: me.token,
    });
    expect(released.status).toBe(200);
    expect(await bobSocket.closed).toBe(CLOSE_POLICY);
    expect(bobSocket.messages.at(-1)).toEqual({ type: 'ERROR', message: SEAT_REFUSALS.seatEnded });
    await cidSocket.roundTrip();
    // The released token opens the socket no more.
    const again = await seatSocket(bobToken);
    expect(await again.closed).toBe(CLOSE_POLICY);
    expect(again.messages).toEqual([{ type: 'ERROR', message: SEAT_REFUSALS.seatEnded }]);

    // Cid leaves from his phone: the same.
    expect(
      (
        await call('POST', '/api/seat/leave', {
          headers: { authorization: `Seat ${cidToken}` },
        })
      ).status,
    ).toBe(200);
    expect(await cidSocket.closed).toBe(CLOSE_POLICY);
    const cidAgain = await seatSocket(cidToken);
    expect(await cidAgain.closed).toBe(CLOSE_POLICY);
  });

  it("stays when the leader renews the watch link, and a seat's oldest socket gives way", async () => {
    const { me, gameId, code, seats } = await fastGame();
    const token = await take(code, seats[1]!.playerId);
    const link = await call('POST', `/api/games/${gameId}/watch-link`, { token: me.token });
    const watcher = await watchSocket(`?token=${link.body.token}`);
    await watcher.next('GAME_STATE');
    const phones = [];
    for (let i = 0; i <= SEAT_SOCKETS_PER_SEAT; i += 1) {
      const phone = await seatSocket(token);
      await phone.next('GAME_STATE');
      phones.push(phone);
    }
    // One more than a seat may hold: the oldest went, normally (its phone does not come back).
    expect(await phones[0]!.closed).toBe(1000);
    const renewed = await call('POST', `/api/games/${gameId}/watch-link/renew`, {
      token: me.token,
    });
    expect(renewed.status).toBe(200);
    expect(await watcher.closed).toBe(CLOSE_POLICY);
    for (const phone of phones.slice(1)) {
      await phone.roundTrip();
      expect(phone.messages.some((m) => m.type === 'ERROR')).toBe(false);
      phone.close();
    }
  });

  it("offers latecomers the game's watch page on the join page, once there is a game to watch", async () => {
    const { me, gameId, code, seats } = await fastGame(['Bob']);
    await take(code, seats[1]!.playerId);
    const info = await call('GET', `/api/join/${code}`);
    expect(info.body.watchPath).toMatch(/^\/watch\/[A-Za-z0-9_-]{22}$/);
    // The same link as the leader's, which the page's socket opens.
    const link = await call('POST', `/api/games/${gameId}/watch-link`, { token: me.token });
    expect(info.body.watchPath).toBe(link.body.path);
    expect((await call('GET', `/api/join/${code}`)).body.watchPath).toBe(link.body.path);
    const token = info.body.watchPath.split('/').at(-1);
    const watched = await call('GET', `/api/watch/${token}`);
    expect(watched.body.game).toMatchObject({ id: gameId, joinCode: code });

    // A ranked lobby not set up yet has nothing to watch.
    const leader = await createAccount(server);
    const lobby = await call('POST', '/api/games', {
      token: leader.token,
      body: { gameName: 'Saturday' },
    });
    expect(lobby.body.joinCode).toMatch(CODE);
    const pending = await call('GET', `/api/join/${lobby.body.joinCode}`);
    expect(pending).toMatchObject({ status: 200, body: { watchPath: null } });
  });

  it('carries the join code in the set-up replies of both modes', async () => {
    const { me, gameId, code } = await fastGame();
    expect(code).toMatch(CODE);
    const active = await call('GET', '/api/fast-game/active', { token: me.token });
    expect(active.body.activeGame).toMatchObject({ gameId, joinCode: code });
    const state = await call('GET', `/api/games/${gameId}/state`, { token: me.token });
    expect(state.body.game.joinCode).toBe(code);

    const [leader, member] = [await createAccount(server), await createAccount(server)];
    const lobby = await rankedLobby(call, leader, [member]);
    const summary = await call('GET', `/api/games/${lobby}`, { token: leader.token });
    expect(summary.body.joinCode).toMatch(CODE);
    const seatsReply = await call('GET', `/api/games/${lobby}/seats`, { token: leader.token });
    expect(seatsReply.body.joinCode).toBe(summary.body.joinCode);
    const scale = await scales.connect(leader.mac);
    const { setup: setUp, started } = await startRanked(call, leader, lobby, scale.mac);
    expect(setUp).toMatchObject({ status: 200, body: { joinCode: summary.body.joinCode } });
    expect(setUp.body.message).toBeTruthy();
    expect(started).toMatchObject({ status: 200, body: { joinCode: summary.body.joinCode } });

    // Once a game ended it has no code: its replies say null.
    expect((await call('POST', `/api/games/${lobby}/cancel`, { token: leader.token })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/games/${lobby}`, { token: leader.token })).body.joinCode).toBe(
      null,
    );
  });
});
