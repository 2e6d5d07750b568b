import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOBBY_MESSAGES } from '@beerscale/contract/games';
import { VALIDATION } from '@beerscale/contract/messages';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { adminToken, pairScale } from './support/pairing';
import { VirtualPlayers } from '@beerscale/scale-sim/virtual-players';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { openSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { injectedFault } from './support/injected-fault';
import { macMaker } from './support/next-mac';

const nextMac = macMaker('F0');

describeEachDialect('fast games', {}, ({ dialect, server, call }) => {
  const scales: ScaleClient[] = [];

  let admin: string;

  beforeAll(async () => {
    admin = await adminToken(call, server.instance.database);
  });
  afterAll(async () => {
    scales.forEach((s) => s.stop());
  });

  /** A simulated scale paired through the administrator's API, with its virtual players. */
  async function connectScale(mac: string, seed: number) {
    const scale = new ScaleClient({ server: server.baseUrl, mac, keyFile: null, seed });
    const players = new VirtualPlayers(scale, { skill: 0.8, seed, handOverMs: 350 });
    scales.push(scale);
    await pairScale(call, admin, scale, mac);
    return { scale, players };
  }

  const state = async (token: string, gameId: number) =>
    (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;

  describe('set-up refusals', () => {
    let me: Account;
    beforeAll(async () => {
      me = await createAccount(server);
    });

    it.each([
      [{ players: ['me', '  '] }, VALIDATION.atLeastOneMorePlayer],
      [{ players: Array.from({ length: 11 }, (_, i) => `p${i}`) }, VALIDATION.tooManyPlayers],
      [{ players: ['me', 'TwelveChars!'] }, VALIDATION.playerNameLength],
      [{ scaleAddress: 'nope' }, VALIDATION.invalidMac],
      [{ containerType: 'KEG' }, 'Container type must be BEER_BOTTLE or BEER_CAN'],
      [{ rounds: 11 }, 'Rounds must be between 1 and 10'],
    ])('refuses %o with its message and creates nothing', async (change, message) => {
      const reply = await call('POST', '/api/fast-game', {
        token: me.token,
        body: {
          players: ['me', 'Bob'],
          scaleAddress: me.mac,
          containerType: 'BEER_BOTTLE',
          ...change,
        },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(message);
      expect(
        (await call('GET', '/api/fast-game/active', { token: me.token })).body.activeGame,
      ).toBeNull();
    });

    it("refuses another owner's scale and starting someone else's game", async () => {
      const owner = await createAccount(server);
      await runAdminCommand(
        server.instance.database,
        ['assign-scale', '--mac', owner.mac, '--username', owner.username],
        () => {},
      );
      const foreign = await call('POST', '/api/fast-game', {
        token: me.token,
        body: { players: ['me', 'Bob'], scaleAddress: owner.mac, containerType: 'BEER_BOTTLE' },
      });
      expect(foreign.status).toBe(403);
      const own = await call('POST', '/api/fast-game', {
        token: owner.token,
        body: { players: ['x', 'Bob'], scaleAddress: owner.mac, containerType: 'BEER_CAN' },
      });
      expect(own.status).toBe(201);
      const hijack = await call('POST', `/api/fast-game/${own.body.gameId}/start`, {
        token: me.token,
      });
      expect(hijack.status).toBe(404);
      expect(hijack.body.error).toBe('No active fast game found to start');
      expect(
        (await call('GET', `/api/games/${own.body.gameId}/state`, { token: me.token })).status,
      ).toBe(404);
    });

    it('refuses a fast game to a player who is in an open ranked game', async () => {
      const player = await createAccount(server);
      await call('POST', '/api/games', { token: player.token, body: { gameName: 'Ranked first' } });
      const reply = await call('POST', '/api/fast-game', {
        token: player.token,
        body: { players: ['x', 'Bob'], scaleAddress: player.mac, containerType: 'BEER_CAN' },
      });
      expect(reply).toMatchObject({
        status: 409,
        body: { error: LOBBY_MESSAGES.alreadyInOpenGame },
      });
      expect(
        (await call('GET', '/api/fast-game/active', { token: player.token })).body.activeGame,
      ).toBeNull();
    });

    it('puts the account holder in the first slot and replaces an unstarted set-up', async () => {
      const first = await call('POST', '/api/fast-game', {
        token: me.token,
        body: {
          players: ['Someone', 'Bob', '', 'Cid'],
          scaleAddress: nextMac(),
          containerType: 'BEER_CAN',
          rounds: 2,
        },
      });
      const second = await call('POST', '/api/fast-game', {
        token: me.token,
        body: {
          players: ['x', 'Dan'],
          scaleAddress: nextMac().toLowerCase(),
          containerType: 'BEER_BOTTLE',
        },
      });
      const active = (await call('GET', '/api/fast-game/active', { token: me.token })).body
        .activeGame;
      expect(active).toMatchObject({
        gameId: second.body.gameId,
        players: [me.playerName, 'Dan'],
        rounds: 5,
      });
      expect(active.scaleAddress).toMatch(/^[0-9A-F]{12}$/);
      const old = await server.instance.database.db
        .selectFrom('games')
        .select('status')
        .where('id', '=', first.body.gameId)
        .executeTakeFirstOrThrow();
      expect(old.status).toBe('cancelled');
    });

    const setUp = (players: string[]) =>
      call('POST', '/api/fast-game', {
        token: me.token,
        body: { players, scaleAddress: me.mac, containerType: 'BEER_CAN' },
      });
    const openGames = () =>
      server.instance.database.db
        .selectFrom('games')
        .select(['id', 'status'])
        .where('creator_id', '=', me.id)
        .where('mode', '=', 'fast')
        .where('status', 'in', ['configured', 'active'])
        .execute();

    it('keeps the set-up it has when its replacement fails', async () => {
      const kept = await setUp(['x', 'Kept']);
      expect(kept.status).toBe(201);
      const fault = injectedFault(
        dialect,
        server.instance.database.db,
        'fail_lineup',
        'game_players',
      );
      await fault.add();
      try {
        expect((await setUp(['x', 'Lost'])).status).toBe(500);
      } finally {
        await fault.remove();
      }
      expect(await openGames()).toEqual([{ id: kept.body.gameId, status: 'configured' }]);
      const active = (await call('GET', '/api/fast-game/active', { token: me.token })).body;
      expect(active.activeGame).toMatchObject({
        gameId: kept.body.gameId,
        players: [me.playerName, 'Kept'],
      });
    });

    it('leaves one set-up when the same player sends several at once', async () => {
      const replies = await Promise.all(
        ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => setUp(['x', name])),
      );
      expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      const open = await openGames();
      expect(open).toHaveLength(1);
      expect(replies.map((r) => r.body.gameId)).toContain(open[0]?.id);
    });
  });

  it('plays a whole game on the simulated scale, live, and counts it for the account holder', async () => {
    const me = await createAccount(server);
    const mac = nextMac();
    const { players } = await connectScale(mac, 21);
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob', 'Cid'],
        scaleAddress: mac,
        containerType: 'BEER_BOTTLE',
        rounds: 2,
      },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    const live = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    live.send({ type: 'SELECT_SCALE', macAddress: mac });
    await live.next('SCALE_STATUS');

    const started = await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    expect(started.status).toBe(200);
    expect((await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token })).status).toBe(
      404,
    );

    const firstState = await live.next('GAME_STATE', 10_000);
    expect(firstState.game).toMatchObject({
      id: gameId,
      status: 'active',
      phase: 'INITIAL_WEIGHING',
    });

    const done = await vi.waitFor(
      async () => {
        const s = await state(me.token, gameId);
        expect(s.status).toBe('completed');
        return s;
      },
      { timeout: 60_000, interval: 150 },
    );
    // The scale hears the result after the completion committed (its FINISHED screen comes
    // from the device notifier), so the API may say completed a moment before it does.
    await vi.waitFor(() => expect(players.finished).toBe(true), { timeout: 10_000 });
    expect(done.phase).toBe('FINISHED');
    expect(done.players.map((p: any) => p.playerName)).toEqual([me.playerName, 'Bob', 'Cid']);
    for (const p of done.players) {
      expect(p.startWeight).toBeGreaterThanOrEqual(450);
      expect(p.differences).toHaveLength(2);
      expect(p.rank).toBeGreaterThanOrEqual(1);
      expect(p.meanDifference).toBeCloseTo((p.differences[0] + p.differences[1]) / 2, 10);
    }
    expect(done.players.some((p: any) => p.rank === 1)).toBe(true);
    expect(done.players[0].userId).toBe(me.id);
    expect(done.players[1].userId).toBeNull();

    const completed = await live.next('GAME_COMPLETED', 5000);
    expect(completed).toMatchObject({ gameId, gameName: 'Fast Game' });

    const [user] = (await call('GET', `/api/users?limit=1&userId=${me.id}`, { token: me.token }))
      .body;
    expect(user.gamesPlayed).toBe(1);
    expect(user.gamesWon).toBe(done.players[0].rank === 1 ? 1 : 0);
    expect(user.averageMeanDifference).toBeCloseTo(done.players[0].meanDifference, 10);
    expect(user.currentElo).toBe(1200);

    const rounds = await server.instance.database.db
      .selectFrom('rounds')
      .select(['number', 'target_g'])
      .where('game_id', '=', gameId)
      .orderBy('number')
      .execute();
    expect(rounds.map((r) => r.number)).toEqual([1, 2]);
    const measurements = await server.instance.database.db
      .selectFrom('measurements')
      .select(['round'])
      .where('game_id', '=', gameId)
      .execute();
    expect(measurements).toHaveLength(9);
    live.close();
  }, 120_000);

  it('lets the leader type a reading and finish early; others cannot', async () => {
    const me = await createAccount(server);
    const other = await createAccount(server);
    const mac = nextMac();
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: { players: ['x', 'Bob'], scaleAddress: mac, containerType: 'BEER_CAN', rounds: 3 },
    });
    const gameId = created.body.gameId;
    expect(
      (
        await call('POST', `/api/games/${gameId}/measurements`, {
          token: me.token,
          body: { grams: 350 },
        })
      ).status,
    ).toBe(409);
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    expect(
      (
        await call('POST', `/api/games/${gameId}/measurements`, {
          token: other.token,
          body: { grams: 350 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/games/${gameId}/measurements`, {
          token: me.token,
          body: { grams: -5 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/api/games/${gameId}/measurements`, {
          token: me.token,
          body: { grams: '350' },
        })
      ).status,
    ).toBe(400);

    const refused = await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: 120 },
    });
    expect(refused.body.game.currentPlayerId).toBe(refused.body.game.players[0].id);
    await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: 355 },
    });
    const weighed = await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: 362 },
    });
    expect(weighed.body.game).toMatchObject({ phase: 'DRINKING', round: 1 });
    const target = weighed.body.game.target;
    await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: target },
    });
    await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: target + 4 },
    });
    const finished = await call('POST', `/api/games/${gameId}/finish`, { token: me.token });
    expect(finished.body.game.status).toBe('completed');
    expect(
      finished.body.game.players.map((p: any) => [p.rank, p.exactMatches, p.differences]),
    ).toEqual([
      [1, 1, [0]],
      [2, 0, [4]],
    ]);
    expect((await call('POST', `/api/games/${gameId}/finish`, { token: me.token })).status).toBe(
      409,
    );
    const [user] = (await call('GET', `/api/users?limit=1&userId=${me.id}`, { token: me.token }))
      .body;
    expect(user).toMatchObject({ gamesPlayed: 1, gamesWon: 1, averageMeanDifference: 0 });
  });

  it('continues a game after a server restart from the next sample', async () => {
    const me = await createAccount(server);
    const mac = nextMac();
    const { scale, players } = await connectScale(mac, 5);
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: { players: ['x', 'Bob'], scaleAddress: mac, containerType: 'BEER_BOTTLE', rounds: 2 },
    });
    const gameId = created.body.gameId;
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    // Wait until the game is into its first round, then restart the server.
    await expect
      .poll(async () => (await state(me.token, gameId)).round, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const before = await state(me.token, gameId);
    await server.restart();
    // The simulator reconnects to the new port like a scale to a restarted server.
    scale.stop();
    const again = new ScaleClient({
      server: server.baseUrl,
      mac,
      keyFile: null,
      key: scale.key,
      seed: 6,
    });
    scales.push(again);
    const resumed = new VirtualPlayers(again, { skill: 0.8, seed: 6, handOverMs: 350 });
    for (const [name, grams] of players.containers)
      (resumed.containers as Map<string, number>).set(name, grams);
    again.start();
    const after = await state(me.token, gameId);
    expect(after.round).toBe(before.round);
    expect(after.players.map((p: any) => p.startWeight)).toEqual(
      before.players.map((p: any) => p.startWeight),
    );
    // The scale's screen is told again what to do once the game moves on; prompt it with the
    // leader's typed reading of the player on turn, then let the scale finish the game.
    const target = after.target ?? after.players[0].lastWeight - 30;
    await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: target },
    });
    const done = await vi.waitFor(
      async () => {
        const s = await state(me.token, gameId);
        expect(s.status).toBe('completed');
        return s;
      },
      { timeout: 60_000, interval: 150 },
    );
    expect(done.players.every((p: any) => p.differences.length === 2)).toBe(true);
    const history = await server.instance.database.db
      .selectFrom('users')
      .select('games_played')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(history.games_played).toBe(1);
  }, 120_000);
});
