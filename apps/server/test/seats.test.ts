import { createHash } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { ERRORS, REFUSALS } from '@beerscale/contract/messages';
import { RULE_MESSAGES } from '@beerscale/contract/rules';
import { JOIN_CODE_ALPHABET, SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { setUpFastGame } from './support/quick-game';
import { snapshotDatabase, snapshotDiff } from './support/db-snapshot';
import { macMaker } from './support/next-mac';

// Seats on phones over the real server on both databases: the join code, taking and freeing
// seats, what a seat may do in a Bundeswiega game, and retries applied once.

const nextMac = macMaker('E2');
const CODE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{4}$`);
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describeEachDialect('seats on phones', {}, ({ server, call, scales }) => {
  const seatCall = (method: string, path: string, token: string, body?: unknown) =>
    call(method, path, { headers: { authorization: `Seat ${token}` }, body });

  async function bundeswiega(players = ['Bob', 'Cid']) {
    const me = await createAccount(server);
    const scale = await scales.connect(nextMac());
    const created = await setUpFastGame(call, me, players, scale.mac, {
      rounds: 2,
      rules: { preset: 'bundeswiega', penalties: { exact: 'gives' } },
    });
    expect(created.status).toBe(201);
    const gameId: number = created.body.gameId;
    const seats = await call('GET', `/api/games/${gameId}/seats`, { token: me.token });
    expect(seats.status).toBe(200);
    return { me, gameId, code: seats.body.joinCode as string, seats: seats.body.seats };
  }

  it('gives every open game a code of 4 characters without look-alikes, in its state too', async () => {
    const { me, gameId, code, seats } = await bundeswiega();
    expect(code).toMatch(CODE);
    expect(seats).toEqual([
      expect.objectContaining({ name: me.playerName, taken: false, account: true }),
      expect.objectContaining({ name: 'Bob', taken: false, heldBy: null, account: false }),
      expect.objectContaining({ name: 'Cid', taken: false, heldBy: null, account: false }),
    ]);
    const state = await call('GET', `/api/games/${gameId}/state`, { token: me.token });
    expect(state.body.game.joinCode).toBe(code);
    // Typed by hand: lower case and spaces are forgiven.
    const info = await call('GET', `/api/join/${encodeURIComponent(` ${code.toLowerCase()} `)}`);
    expect(info).toMatchObject({ status: 200, body: { gameId, mode: 'fast', seats } });
    expect((await call('GET', '/api/join/IO01')).body.error).toBe(SEAT_REFUSALS.invalidJoinCode);
    const other = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    expect(await call('GET', `/api/join/${other}`)).toMatchObject({
      status: 404,
      body: { error: SEAT_REFUSALS.joinCodeNotFound },
    });
    // Someone who does not play in the game does not see its seats (as for an unknown id).
    const stranger = await createAccount(server);
    expect(
      (await call('GET', `/api/games/${gameId}/seats`, { token: stranger.token })).status,
    ).toBe(404);
  });

  it('hands a seat to one phone only, keeps only a hash of its token, and tells who holds it', async () => {
    const { me, gameId, code, seats } = await bundeswiega();
    const bob = seats[1].playerId;
    const taken = await call('POST', `/api/join/${code}`, {
      body: { playerId: bob },
      headers: { 'user-agent': ANDROID },
    });
    expect(taken).toMatchObject({ status: 201, body: { playerId: bob, gameId } });
    const token: string = taken.body.seatToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const rows = await server.instance.database.db.selectFrom('seats').selectAll().execute();
    const row = rows.find((r) => r.player_id === bob)!;
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const before = await snapshotDatabase(server.instance.database);
    expect(await call('POST', `/api/join/${code}`, { body: { playerId: bob } })).toMatchObject({
      status: 409,
      body: { error: SEAT_REFUSALS.seatTaken },
    });
    expect(
      await call('POST', `/api/join/${code}`, { body: { playerId: seats[0].playerId } }),
    ).toMatchObject({ status: 409, body: { error: SEAT_REFUSALS.accountSeat } });
    expect(await call('POST', `/api/join/${code}`, { body: { playerId: 999999 } })).toMatchObject({
      status: 404,
      body: { error: SEAT_REFUSALS.notASeat },
    });
    expect((await call('POST', `/api/join/${code}`, { body: { playerId: 'x' } })).status).toBe(400);
    expect(snapshotDiff(before, await snapshotDatabase(server.instance.database))).toEqual([]);
    const info = await call('GET', `/api/join/${code}`);
    expect(info.body.seats[1]).toMatchObject({ taken: true, heldBy: 'Chrome 131 on Android' });

    // The seat's own calls: its header, never a session's; a made-up seat is no seat.
    const mine = await seatCall('GET', '/api/seat', token);
    expect(mine).toMatchObject({ status: 200, body: { gameId, playerId: bob } });
    expect(mine.body.game.players[1].playerName).toBe('Bob');
    expect(await call('GET', '/api/seat')).toMatchObject({
      status: 401,
      body: { error: ERRORS.unauthorized },
    });
    expect(await call('GET', '/api/seat', { token: me.token })).toMatchObject({
      status: 401,
      body: { error: ERRORS.invalidToken },
    });
    expect(await seatCall('GET', '/api/seat', 'A'.repeat(22))).toMatchObject({
      status: 401,
      body: { error: SEAT_REFUSALS.seatEnded },
    });

    // Leaving frees the seat: the token opens nothing, another phone may take it.
    expect((await seatCall('POST', '/api/seat/leave', token)).status).toBe(200);
    expect((await seatCall('GET', '/api/seat', token)).status).toBe(401);
    expect((await call('POST', `/api/join/${code}`, { body: { playerId: bob } })).status).toBe(201);
  });

  it('lets only the leader release a seat: the released phone must join again', async () => {
    const { me, gameId, code, seats } = await bundeswiega();
    const cid = seats[2].playerId;
    const token = (await call('POST', `/api/join/${code}`, { body: { playerId: cid } })).body
      .seatToken as string;
    const stranger = await createAccount(server);
    const release = (t: string, player = cid) =>
      call('POST', `/api/games/${gameId}/seats/${player}/release`, { token: t });
    expect(await release(stranger.token)).toMatchObject({
      status: 404,
      body: { error: M.gameNotFound },
    });
    expect(await release(me.token, 999999)).toMatchObject({
      status: 404,
      body: { error: SEAT_REFUSALS.notASeat },
    });
    expect((await seatCall('GET', '/api/seat', token)).status).toBe(200);
    expect((await release(me.token)).status).toBe(200);
    expect(await seatCall('GET', '/api/seat', token)).toMatchObject({
      status: 401,
      body: { error: SEAT_REFUSALS.seatEnded },
    });
    expect((await call('GET', `/api/join/${code}`)).body.seats[2].taken).toBe(false);
  });

  it('plays Bundeswiega where each seat calls, gives and estimates for itself, and retries apply once', async () => {
    const { me, gameId, code, seats } = await bundeswiega();
    const [mine, bob, cid] = seats.map((s: { playerId: number }) => s.playerId) as [
      number,
      number,
      number,
    ];
    const take = async (playerId: number) =>
      (await call('POST', `/api/join/${code}`, { body: { playerId } })).body.seatToken as string;
    const [bobSeat, cidSeat] = [await take(bob), await take(cid)];
    const act = (token: string, body: object) => seatCall('POST', '/api/seat/actions', token, body);
    const state = async () =>
      (await call('GET', `/api/games/${gameId}/state`, { token: me.token })).body.game;
    const type = async (grams: number) =>
      expect(
        (
          await call('POST', `/api/games/${gameId}/measurements`, {
            token: me.token,
            body: { grams },
          })
        ).status,
      ).toBe(200);

    // Before the start: a seat acts in a running game only.
    expect(await act(bobSeat, { kind: 'call', actionId: 'bob-early-1', amount: 40 })).toMatchObject(
      { status: 409, body: { error: REFUSALS.gameNotRunning } },
    );
    expect((await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token })).status).toBe(
      200,
    );
    for (const grams of [600, 610, 620]) await type(grams);
    let game = await vi.waitFor(async () => {
      const g = await state();
      if (g.phase !== 'CALLING') throw new Error(String(g.phase));
      return g;
    });
    expect(game.caller).toBe(mine);

    // Not Bob's call: 403, and its id is not spent (the scale's readings may move the game's
    // stored state meanwhile, so the action ids are what is compared).
    const actionIds = () =>
      server.instance.database.db.selectFrom('seat_actions').select('action_id').execute();
    expect(await act(bobSeat, { kind: 'call', actionId: 'bob-call-1', amount: 40 })).toMatchObject({
      status: 403,
      body: { error: RULE_MESSAGES.notTheCaller },
    });
    expect(await act(bobSeat, { kind: 'call', actionId: 'bob', amount: 40 })).toMatchObject({
      status: 400,
      body: { error: SEAT_REFUSALS.invalidActionId },
    });
    expect(await actionIds()).toEqual([]);
    expect((await state()).caller).toBe(mine);
    // The leader still acts for anyone (their own call here).
    game = (
      await call('POST', `/api/games/${gameId}/target`, { token: me.token, body: { amount: 50 } })
    ).body.game;
    expect(game).toMatchObject({ phase: 'DRINKING', target: 550 });

    // Round 1: me 10 off, Bob exact, Cid 20 off.
    for (const grams of [560, 550, 530]) await type(grams);
    game = await state();
    expect(game).toMatchObject({ phase: 'GIVING', currentPlayerId: bob });
    expect(
      await act(cidSeat, { kind: 'give', actionId: 'cid-give-1', toPlayerId: bob }),
    ).toMatchObject({ status: 403, body: { error: RULE_MESSAGES.notTheGiver } });
    const give = { kind: 'give', actionId: 'bob-give-round-1', toPlayerId: cid };
    const given = await act(bobSeat, give);
    expect(given.status).toBe(200);
    const cidPenalties = given.body.game.players[2].penalties;
    expect(given.body.game.players[2].penaltyLog.at(-1)).toEqual({
      round: 1,
      reason: 'given',
      fromPlayerId: bob,
    });
    // The reply was lost: the phone sends the same action again; it is not applied twice.
    const again = await act(bobSeat, give);
    expect(again.status).toBe(200);
    expect(again.body.game.players[2].penalties).toBe(cidPenalties);

    // Round 2: Bob calls from his own phone; a retry of the call changes nothing.
    expect(again.body.game).toMatchObject({ phase: 'CALLING', caller: bob, round: 2 });
    const call2 = { kind: 'call', actionId: 'bob-call-round-2', amount: 40 };
    const [first, retry] = await Promise.all([act(bobSeat, call2), act(bobSeat, call2)]);
    expect([first.status, retry.status]).toEqual([200, 200]);
    game = await state();
    expect(game).toMatchObject({ phase: 'DRINKING', target: 490 });
    for (const grams of [495, 485, 500]) await type(grams);
    game = await state();
    expect(game.phase).toBe('ESTIMATING');

    // The finale: each seat states its own estimate; the estimate names no other player.
    expect(
      (await act(cidSeat, { kind: 'estimate', actionId: 'cid-est-1', grams: 190, playerId: bob }))
        .status,
    ).toBe(400);
    expect(
      (await act(cidSeat, { kind: 'estimate', actionId: 'cid-est-1', grams: 190 })).status,
    ).toBe(200);
    expect(
      (await act(bobSeat, { kind: 'estimate', actionId: 'bob-est-1', grams: 205 })).status,
    ).toBe(200);
    game = (
      await call('POST', `/api/games/${gameId}/estimate`, {
        token: me.token,
        body: { playerId: mine, grams: 200 },
      })
    ).body.game;
    expect(game.phase).toBe('FINALE');
    expect(game.players.map((p: { estimate: number }) => p.estimate)).toEqual([200, 205, 190]);
    // A seat's view is the same game.
    const seen = await seatCall('GET', '/api/seat', cidSeat);
    expect(seen.body.game).toMatchObject({ phase: 'FINALE', joinCode: code });
  }, 60_000);
});
