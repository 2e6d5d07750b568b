import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createAccount } from './support/factories';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { adminToken, pairScale } from './support/pairing';
import { buildApp, type App } from '../src/app';
import { httpClient } from './support/http-client';
import {
  REAL_STABILITY_WINDOW,
  startTestServer,
  testConfig,
  type TestServer,
} from './support/test-server';
import { describeEachDialect } from './support/each-dialect';

/**
 * The engine runs where the scale is connected (docs/ARCHITECTURE.md), yet the leader's typed reading may
 * reach any instance. The engine's instance must continue from the stored state, never from
 * what it had cached, so the typed reading is neither lost nor overwritten.
 */
describeEachDialect('a game fed from two instances', ({ dialect }) => {
  let server: TestServer;
  let other: App;
  let otherUrl: string;
  let scale: ScaleClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, REAL_STABILITY_WINDOW);
    other = await buildApp(testConfig(server.database.url, REAL_STABILITY_WINDOW));
    otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    scale?.stop();
    await other.close();
    await server.stop();
  });

  it('continues from a reading typed on the other instance', async () => {
    const callScaleSide = httpClient(server.baseUrl);
    const callOther = httpClient(otherUrl);
    const me = await createAccount(server);
    const admin = await adminToken(callScaleSide, server.instance.database);
    scale = new ScaleClient({ server: server.baseUrl, mac: me.mac, keyFile: null, seed: 3 });
    await pairScale(callScaleSide, admin, scale, me.mac);
    const created = await callScaleSide('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob'],
        scaleAddress: me.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 2,
      },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    await callScaleSide('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    const state = async () =>
      (await callOther('GET', `/api/games/${gameId}/state`, { token: me.token })).body.game;

    // The first player's full bottle on the scale: the scale's instance records it.
    scale.place(560);
    await expect
      .poll(async () => (await state()).players[0].startWeight, { timeout: 20_000 })
      .not.toBeNull();
    // The second player's weighing is typed on the other instance while the bottle still stands.
    const typed = await callOther('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: 555 },
    });
    expect(typed.status).toBe(200);
    const target: number = typed.body.game.target;
    expect(typed.body.game.round).toBe(1);

    // Lifted, drunk and put back: the scale's instance must score it for round 1, player 1.
    scale.remove();
    await delay(400);
    scale.place(target + 3);
    const scored = await vi.waitFor(
      async () => {
        const s = await state();
        expect(s.players[0].differences).toHaveLength(1);
        return s;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(scored.players[1].startWeight).toBe(555);
    expect(Math.abs(scored.players[0].differences[0] - 3)).toBeLessThanOrEqual(2);
    expect(scored.currentPlayerId).toBe(scored.players[1].id);
    const readings = await server.instance.database.db
      .selectFrom('measurements')
      .select(['game_player_id', 'round', 'source'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    expect(readings.map((r) => [r.round, r.source])).toEqual([
      [0, 'scale'],
      [0, 'manual'],
      [1, 'scale'],
    ]);
  });
});
