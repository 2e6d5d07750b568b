import { expect, it, vi } from 'vitest';
import type { ServerToDeviceMap } from '@beerscale/contract/device-socket';
import { RULE_MESSAGES, RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { ELO_K } from '../src/rating/pairwise-elo';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';
import { openSocket, type TestSocket } from './support/socket-client';
import { rankedLobby, startRanked } from './support/ranked';
import {
  putOnScale,
  weighFirstContainer,
  weighOnScale,
  type TableScale,
} from './support/table-scale';
import { macMaker } from './support/next-mac';

// House rules through the real server on both databases: set-up bodies, the three actions with
// their refusals, the simulated scale weighing, the scale's texts, results, stats and ratings.

/** The scale's screen follows the step on a loaded machine: wait longer than the default second. */
const SCREEN = { timeout: 10_000, interval: 50 };

const nextMac = macMaker('E1');

describeEachDialect('house rules', {}, ({ server, call, scales }) => {
  const state = async (token: string, gameId: number) =>
    (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;

  it('lists the six presets without a session', async () => {
    const reply = await call('GET', '/api/rules/presets');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
  });

  it.each([
    [{ preset: 'beerpong' }, RULE_MESSAGES.unknownPreset],
    [{ preset: 'golf', penalties: { twins: 1 } }, RULE_MESSAGES.penaltyToggle],
    [{ teams: 2, teamOf: [1, 1, 1] }, RULE_MESSAGES.teamLeftEmpty],
    [{ teams: 4 }, RULE_MESSAGES.moreTeamsThanPlayers],
    [{ disqualifyAbove: 500 }, RULE_MESSAGES.disqualifyRange],
  ])('refuses a fast game with rules %j and sets up nothing', async (rules, message) => {
    const me = await createAccount(server);
    const reply = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob', 'Cid'],
        scaleAddress: me.mac,
        containerType: 'BEER_BOTTLE',
        rules,
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(message);
    expect(
      (await call('GET', '/api/fast-game/active', { token: me.token })).body.activeGame,
    ).toBeNull();
  });

  it('plays Bundeswiega with caller targets, a give, a disqualification and the finale on the scale', async () => {
    const me = await createAccount(server);
    const stranger = await createAccount(server);
    const scale = await scales.connect(nextMac());
    const displays: ServerToDeviceMap['DISPLAY'][] = [];
    scale.client.on('DISPLAY', (message) => displays.push(message));

    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        // Cid drinks water: his penalties are sips of it, never a Schnaps.
        players: [me.playerName, 'Bob', { name: 'Cid', drink: { kind: 'water' } }],
        scaleAddress: scale.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 2,
        rules: { preset: 'bundeswiega', penalties: { exact: 'gives' }, penaltyDrink: 'spirit' },
        adultsConfirmed: true,
      },
    });
    expect(created.status).toBe(201);
    const gameId: number = created.body.gameId;
    const setUp = await state(me.token, gameId);
    expect(setUp.rules).toEqual({
      ...RULE_PRESETS.bundeswiega,
      preset: 'custom',
      penalties: { ...RULE_PRESETS.bundeswiega.penalties, exact: 'gives' },
      penaltyDrink: 'spirit',
    });
    expect((await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token })).status).toBe(
      200,
    );

    const [mine, bob, cid] = setUp.players.map((p: { id: number }) => p.id) as number[];
    const until = async (check: (game: any) => boolean, what: string) =>
      vi.waitFor(
        async () => {
          const game = await state(me.token, gameId);
          if (!check(game)) throw new Error(`waiting for ${what}: ${JSON.stringify(game.phase)}`);
          return game;
        },
        { timeout: 20_000, interval: 100 },
      );
    // The leader's live screen shows the platform: a container counts only after it read empty.
    const live: TestSocket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    live.send({ type: 'SELECT_SCALE', macAddress: scale.mac });
    await live.next('SCALE_STATUS');
    const cleared = () =>
      new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('the platform never read empty')), 15_000);
        const seen = (data: Buffer) => {
          const message = JSON.parse(data.toString());
          if (message.type !== 'SCALE_DATA' || message.grams >= 5) return;
          live.ws.off('message', seen);
          clearTimeout(timer);
          done();
        };
        live.ws.on('message', seen);
      });
    /** The scale weighs one container: put down, counted, lifted until the platform reads empty. */
    const weigh = async (grams: number, counted: (game: any) => boolean, last = false) => {
      putOnScale(scale, grams);
      const game = await until(counted, `${grams} g counted`);
      const empty = last ? null : cleared();
      putOnScale(scale, 0);
      await empty;
      return game;
    };
    const act = (path: string, body: object, token = me.token) =>
      call('POST', `/api/games/${gameId}/${path}`, { token, body });
    const type = (grams: number) => act('measurements', { grams });

    await weigh(600, (g) => g.players[0].startWeight !== null);
    await weigh(610, (g) => g.players[1].startWeight !== null);
    let game = await weigh(620, (g) => g.phase === 'CALLING');
    expect(game.caller).toBe(mine);
    await vi.waitFor(
      () => expect(displays.at(-1)?.text).toBe(`Round 1: ${me.playerName} calls the target`),
      SCREEN,
    );
    expect(displays.at(-1)?.phase).toBe('CALLING');

    // Refusals change nothing: out of range, strangers, out of turn.
    expect((await act('target', { amount: 5 })).body.error).toBe(RULE_MESSAGES.targetAmount);
    expect(await type(500)).toMatchObject({
      status: 409,
      body: { error: RULE_MESSAGES.nobodyOnTurn },
    });
    expect((await act('target', { amount: 50 }, stranger.token)).status).toBe(404);
    expect((await act('give', { toPlayerId: bob })).status).toBe(409);
    expect((await act('estimate', { playerId: mine, grams: 200 })).body.error).toBe(
      RULE_MESSAGES.notEstimating,
    );
    game = (await act('target', { amount: 50 })).body.game;
    expect(game).toMatchObject({ phase: 'DRINKING', target: 550 });
    expect((await act('target', { amount: 30 })).status).toBe(409);

    // Round 1: me 10 off, Bob exact (typed by the leader), Cid 70 off: out (above 50 g).
    game = await weigh(560, (g) => g.players[0].differences.length === 1);
    // A typed reading, like a placement, counts the next container only after the platform
    // read empty (it usually still stands there): wait for an empty reading after it.
    expect((await type(550)).status).toBe(200);
    await cleared();
    game = await weigh(480, (g) => g.phase === 'GIVING');
    expect(game.players.map((p: any) => p.differences)).toEqual([[10], [0], [70]]);
    expect(game.players[2]).toMatchObject({
      disqualified: true,
      penalties: 1,
      penaltyLog: [{ round: 1, reason: 'farthest' }],
    });
    expect(game.currentPlayerId).toBe(bob);
    await vi.waitFor(
      () =>
        expect(displays.at(-1)?.text).toBe(
          // The instruction first (docs/DEVICE-PROTOCOL.md, DISPLAY), then what happened.
          `Bob hit exactly: choose who gets a penalty. Cid: 480 g, off by 70 g. A sip for Cid (farthest). Cid is out.`,
        ),
      SCREEN,
    );
    // Bob plays without an account: the leader gives for him, never to Bob himself.
    expect((await act('give', { toPlayerId: bob })).body.error).toBe(RULE_MESSAGES.giveToYourself);
    expect((await act('give', { toPlayerId: cid })).body.error).toBe(RULE_MESSAGES.giveToPlayer);
    game = (await act('give', { toPlayerId: mine })).body.game;
    expect(game.players[0].penaltyLog).toEqual([{ round: 1, reason: 'given', fromPlayerId: bob }]);
    await vi.waitFor(
      () => expect(displays.at(-1)?.text).toContain(`Bob gives a Schnaps to ${me.playerName}.`),
      SCREEN,
    );

    // Round 2: Bob's call (the leader names it), Cid is skipped.
    expect(game).toMatchObject({ phase: 'CALLING', caller: bob, round: 2 });
    game = (await act('target', { amount: 40 })).body.game;
    expect(game.target).toBe(510);
    await weigh(515, (g) => g.players[0].differences.length === 2);
    game = await weigh(500, (g) => g.phase === 'ESTIMATING');
    expect(game.players[1].penaltyLog.at(-1)).toEqual({ round: 2, reason: 'farthest' });
    await vi.waitFor(
      () => expect(displays.at(-1)?.text).toContain('Finale: Estimate your empty bottle'),
      SCREEN,
    );

    // The finale: estimates, then the empty bottles against them.
    expect((await act('estimate', { playerId: cid, grams: 200 })).body.error).toBe(
      RULE_MESSAGES.estimatePlayer,
    );
    expect((await act('estimate', { playerId: mine, grams: 1001 })).status).toBe(400);
    expect((await act('estimate', { playerId: mine, grams: 205 }, stranger.token)).status).toBe(
      404,
    );
    await act('estimate', { playerId: mine, grams: 205 });
    game = (await act('estimate', { playerId: bob, grams: 195 })).body.game;
    expect(game.phase).toBe('FINALE');
    expect(game.players.map((p: any) => p.estimate)).toEqual([205, 195, null]);
    await vi.waitFor(
      () =>
        expect(displays.at(-1)?.text).toBe(`${me.playerName}: Put your empty bottle on the scale`),
      SCREEN,
    );
    await weigh(210, (g) => g.players[0].differences.length === 3);
    game = await weigh(212, (g) => g.status === 'completed', true);

    expect(game.phase).toBe('FINISHED');
    expect(game.players.map((p: any) => p.differences)).toEqual([[10, 5, 5], [0, 10, 17], [70]]);
    expect(game.players.map((p: any) => p.penalties)).toEqual([1, 2, 1]);
    expect(game.players.map((p: any) => p.rank)).toEqual([1, 2, 3]);
    expect(game.players[0].score).toBeCloseTo(20 / 3 + 1, 10);
    expect(game.players[1].score).toBeCloseTo(9 + 2, 10);
    await vi.waitFor(
      () => expect(displays.at(-1)?.text).toContain(`Game over! Winner: ${me.playerName}`),
      SCREEN,
    );

    live.close();
    const home = (await call('GET', '/api/home', { token: me.token })).body;
    expect(home.stats).toMatchObject({ games_played: 1, games_won: 1, total_penalties: 1 });
  }, 120_000);

  it('words the house-rules texts on the scale in the leader’s German', async () => {
    const me = await createAccount(server);
    await call('PUT', '/api/profile', { token: me.token, body: { language: 'de' } });
    const scale = await scales.connect(nextMac());
    const displays: string[] = [];
    scale.client.on('DISPLAY', (message) => displays.push(message.text));
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob'],
        scaleAddress: scale.mac,
        containerType: 'BEER_CAN',
        rounds: 1,
        rules: { preset: 'bundeswiega' },
        // Bundeswiega's penalties are spirits: the leader confirms everyone is 18 or older.
        adultsConfirmed: true,
      },
    });
    const gameId: number = created.body.gameId;
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    for (const grams of [400, 420]) {
      await call('POST', `/api/games/${gameId}/measurements`, {
        token: me.token,
        body: { grams },
      });
    }
    await vi.waitFor(
      () => expect(displays.at(-1)).toBe(`Runde 1: Ansager ${me.playerName} sagt das Ziel an`),
      SCREEN,
    );
  }, 60_000);

  it("lets the caller's own account name the target in a ranked game, and no other player", async () => {
    const [leader, other] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [other], 'Calling');
    const scale = await scales.connect(nextMac());
    const { setup, started } = await startRanked(call, leader, gameId, scale.mac, {
      rounds: 2,
      rules: { preset: 'bundeswiega', finale: 'none', disqualifyAbove: null },
    });
    expect(setup.status).toBe(200);
    expect(started.status).toBe(200);
    await weighFirstContainer(call, leader.token, gameId, scale);
    // Weighed, not typed: a ranked game with typed readings is not rated (docs/RULES.md).
    const type = async (grams: number) => {
      await weighOnScale(call, leader.token, gameId, scale, grams);
      return (await call('GET', `/api/games/${gameId}/state`, { token: leader.token })).body.game;
    };
    let game = await type(580);
    expect(game).toMatchObject({ phase: 'CALLING', caller: game.players[0].id });
    const target = (who: typeof leader, amount: number) =>
      call('POST', `/api/games/${gameId}/target`, { token: who.token, body: { amount } });
    const refused = await target(other, 30);
    expect(refused).toMatchObject({ status: 403, body: { error: RULE_MESSAGES.notTheCaller } });
    game = (await target(leader, 30)).body.game;
    expect(game.target).toBe(530);
    await type(531);
    game = await type(540);
    // Round 2 is the other player's call, from their own account.
    expect(game).toMatchObject({ phase: 'CALLING', caller: game.players[1].id, round: 2 });
    game = (await target(other, 20)).body.game;
    expect(game).toMatchObject({ phase: 'DRINKING', target: 511 });
    await type(511);
    game = await type(515);
    expect(game.status).toBe('completed');
    // Bundeswiega: the exact hit of round 2 takes a penalty, the farthest each round too.
    expect(game.players[0].penaltyLog).toEqual([{ round: 2, reason: 'exact' }]);
    expect(game.players[1].penaltyLog).toEqual([
      { round: 1, reason: 'farthest' },
      { round: 2, reason: 'farthest' },
    ]);
    expect(game.rated).toBe(true);
  }, 60_000);

  it('continues a house-rules game after a server restart where it waited', async () => {
    const me = await createAccount(server);
    const scale = await scales.connect(nextMac());
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob', 'Cid'],
        scaleAddress: scale.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 1,
        rules: { preset: 'strichliste', target: 'dice', penalties: { twins: true } },
      },
    });
    const gameId: number = created.body.gameId;
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    const type = async (grams: number) =>
      (
        await call('POST', `/api/games/${gameId}/measurements`, {
          token: me.token,
          body: { grams },
        })
      ).body.game;
    for (const grams of [600, 620, 640]) await type(grams);
    let game = await state(me.token, gameId);
    const [high, low] = game.dice;
    expect(game.target).toBe(600 - (10 * high + low));
    // Bob hits exactly; Cid and the leader weigh the same and are farther off: twins.
    await type(game.target + 9);
    await type(game.target);
    game = await type(game.target + 9);
    expect(game.phase).toBe('GIVING');
    const before = await state(me.token, gameId);

    await server.restart();
    // The restarted server listens on a new port: `call` and later scales follow it there.
    scales.stopAll();
    const after = await state(me.token, gameId);
    expect(after).toEqual(before);
    const given = await call('POST', `/api/games/${gameId}/give`, {
      token: me.token,
      body: { toPlayerId: after.players[2].id },
    });
    expect(given.body.game.status).toBe('completed');
    expect(given.body.game.players.map((p: any) => p.penaltyLog.map((e: any) => e.reason))).toEqual(
      [['farthest'], [], ['farthest', 'given']],
    );
    expect(given.body.game.players.map((p: any) => p.rank)).toEqual([2, 1, 3]);
  }, 60_000);

  it('rates a ranked golf game with teams only between opposing players', async () => {
    const [leader, b, c, d] = await Promise.all([0, 1, 2, 3].map(() => createAccount(server)));
    // Teammates rated apart: if their pair were rated, the stronger one would lose points to it.
    const elo = [1300, 1250, 1100, 1150];
    const accounts = [leader!, b!, c!, d!];
    for (const [i, account] of accounts.entries()) {
      await server.instance.database.db
        .updateTable('users')
        .set({ current_elo: elo[i]!, peak_elo: elo[i]! })
        .where('id', '=', account.id)
        .execute();
    }
    const gameId = await rankedLobby(call, leader!, [b!, c!, d!], 'Golf night');
    const scale: TableScale = await scales.connect(nextMac());
    const setup = (rules: object) =>
      call('POST', `/api/games/${gameId}/setup-ranked`, {
        token: leader!.token,
        body: { scaleAddress: scale.mac, containerType: 'BEER_BOTTLE', rounds: 1, rules },
      });
    expect((await setup({ preset: 'golf', teams: 5 })).body.error).toBe(
      RULE_MESSAGES.moreTeamsThanPlayers,
    );
    expect((await call('GET', `/api/games/${gameId}`, { token: leader!.token })).body.status).toBe(
      'pending',
    );
    expect((await setup({ preset: 'golf', teams: 2 })).status).toBe(200);
    const started = await call('POST', `/api/games/${gameId}/start-ranked`, {
      token: leader!.token,
      body: { scaleAddress: scale.mac, containerType: 'BEER_BOTTLE', rounds: 1 },
    });
    expect(started.status).toBe(200);
    await weighFirstContainer(call, leader!.token, gameId, scale);
    // Weighed, not typed: a ranked game with typed readings is not rated (docs/RULES.md).
    const type = async (grams: number) => {
      await weighOnScale(call, leader!.token, gameId, scale, grams);
      return (await call('GET', `/api/games/${gameId}/state`, { token: leader!.token })).body.game;
    };
    let game: any;
    for (let i = 1; i < 4; i++) game = await type(560);
    // Teams alternate in turn order: 1, 2, 1, 2. Team 1 is 1 + 2 off, team 2 is 10 + 20 off.
    for (const offset of [1, 10, 2, 20]) game = await type(game.target + offset);
    expect(game.status).toBe('completed');
    expect(game.rules).toMatchObject({ preset: 'custom', scoring: 'golf', teams: 2 });
    expect(game.players.map((p: any) => p.team)).toEqual([1, 2, 1, 2]);
    expect(game.players.map((p: any) => p.rank)).toEqual([1, 2, 1, 2]);
    expect(game.players.map((p: any) => p.score)).toEqual([3, 30, 3, 30]);

    const team = [1, 2, 1, 2];
    const rank = [1, 2, 1, 2];
    const expected = elo.map((mine, i) => {
      let delta = 0;
      for (let j = 0; j < 4; j++) {
        if (j === i || team[j] === team[i]) continue;
        const score = rank[i]! < rank[j]! ? 1 : 0;
        delta += score - 1 / (1 + 10 ** ((elo[j]! - mine) / 400));
      }
      return mine + (ELO_K / 3) * delta;
    });
    game.players.forEach((p: any, i: number) => {
      expect(p.eloBefore).toBe(elo[i]);
      expect(p.eloAfter).toBeCloseTo(expected[i]!, 9);
    });
    // Opposing pairs only: what one team gains the other loses.
    const change = game.players.map((p: any) => p.eloAfter - p.eloBefore);
    expect(change[0] + change[2] + change[1] + change[3]).toBeCloseTo(0, 9);
    expect(change[0] + change[2]).toBeGreaterThan(0);
  }, 120_000);
});
