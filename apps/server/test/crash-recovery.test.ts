import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { ERRORS } from '@beerscale/contract/messages';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { adminToken, pairScale } from './support/pairing';
import { VirtualPlayers } from '@beerscale/scale-sim/virtual-players';
import { signUp } from './support/accounts';
import { startInstance, type Instance } from './support/cluster';
import { httpClient } from './support/http-client';
import {
  privatePostgresAvailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from './support/private-postgres';
import { rankedLobby, startRanked } from './support/ranked';
import { openSocket, type TestSocket } from './support/socket-client';

/** Processes restart and games play at a scale's pace here: polls wait up to a minute. */
const SLOW = { timeout: 60_000, interval: 200 };

describe('kill -9 and restart of the single SQLite instance', () => {
  let dir: string;
  let url: string;
  let instance: Instance;
  let scale: ScaleClient | null = null;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'beerscale-crash-'));
    url = `sqlite:${join(dir, 'crash.db')}`;
    instance = await startInstance('solo', url);
  }, 30_000);
  afterAll(async () => {
    scale?.stop();
    sockets.forEach((s) => s.close());
    await instance?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('continues the game from where it was and rates it exactly once', async () => {
    let call = httpClient(instance.url);
    const leader = await signUp(call);
    const second = await signUp(call);
    const watcher = await signUp(call);
    const watching = await openSocket(
      `${instance.url.replace(/^http/, 'ws')}/ws?token=${watcher.token}`,
    );
    sockets.push(watching);
    scale = new ScaleClient({ server: instance.url, mac: leader.mac, keyFile: null, seed: 21 });
    new VirtualPlayers(scale, { skill: 0.8, seed: 21, handOverMs: 300 });
    await pairScale(call, await adminToken(call, url), scale, leader.mac);
    const gameId = await rankedLobby(call, leader, [second], 'Crash');
    const { setup, started } = await startRanked(call, leader, gameId, leader.mac, 3);
    expect(setup.status).toBe(200);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const state = async () =>
      (await call('GET', `/api/games/${gameId}/state`, { token: leader.token })).body.game;
    await expect.poll(async () => (await state()).round, SLOW).toBeGreaterThanOrEqual(2);
    const before = await state();

    expect(await instance.kill('SIGKILL')).toBe(-1);
    instance = await startInstance('solo', url, instance.port);
    call = httpClient(instance.url);

    const after = await state();
    expect(after.status).toBe('active');
    expect(after.round).toBeGreaterThanOrEqual(before.round);
    expect(after.players.map((p: any) => p.startWeight)).toEqual(
      before.players.map((p: any) => p.startWeight),
    );
    // The simulator reconnects on its own, as a scale does, and the game plays on to its end.
    const done = await vi.waitFor(
      async () => {
        const s = await state();
        expect(s.status).toBe('completed');
        return s;
      },
      { ...SLOW, timeout: 120_000 },
    );
    expect(done.players.every((p: any) => p.differences.length === 3)).toBe(true);

    const db = new Database(join(dir, 'crash.db'), { readonly: true });
    try {
      const history = db
        .prepare('select user_id from elo_history where game_id = ? order by user_id')
        .all(gameId) as { user_id: number }[];
      expect(history.map((r) => r.user_id)).toEqual([leader.id, second.id].sort((a, b) => a - b));
      const counted = db
        .prepare('select ranked_games_played as n from users where id in (?, ?)')
        .all(leader.id, second.id) as { n: number }[];
      expect(counted.map((r) => r.n)).toEqual([1, 1]);
    } finally {
      db.close();
    }
    // The crashed process never said goodbye: its users go offline when its heartbeat is stale.
    const statusOf = async () =>
      (await call('GET', `/api/users?limit=1&userId=${watcher.id}`, { token: leader.token }))
        .body[0].status;
    await expect.poll(statusOf, SLOW).toBe('offline');
  }, 240_000);
});

describe.skipIf(!privatePostgresAvailable())('a PostgreSQL restart under two instances', () => {
  let database: PrivatePostgres;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await startPrivatePostgres();
    a = await startInstance('a', database.url);
    b = await startInstance('b', database.url);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await database?.destroy();
  });

  it('answers 503 during the outage, not a hang, and recovers without restarting', async () => {
    const callA = httpClient(a.url);
    const callB = httpClient(b.url);
    const me = await signUp(callA);
    await signUp(callB);

    await database.stop();
    for (const call of [callA, callB]) {
      const started = Date.now();
      const reply = await call('GET', '/api/home', { token: me.token });
      expect(reply.status).toBe(503);
      expect(reply.body.error).toBe(ERRORS.unavailable);
      // Not a hang: refused at once, well inside the pool's connection timeout.
      expect(Date.now() - started).toBeLessThan(6_000);
      expect((await call('GET', '/api/health')).status).toBe(503);
    }
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();

    await database.start();
    await expect.poll(async () => (await callA('GET', '/api/health')).status, SLOW).toBe(200);
    await expect.poll(async () => (await callB('GET', '/api/health')).status, SLOW).toBe(200);
    expect((await callA('GET', '/api/home', { token: me.token })).status).toBe(200);

    // Events cross instances again once the listening connection is back: a logout on b
    // closes that session's socket on a. Each try uses a new session, as the event of a logout
    // made before the bus listened again is gone.
    const closedWith = await vi.waitFor(
      async () => {
        const login = await callB('POST', '/api/login', {
          body: { username: me.username, password: me.password },
        });
        const token: string = login.body.token;
        const socket = await openSocket(`${a.url.replace(/^http/, 'ws')}/ws?token=${token}`);
        await callB('POST', '/api/logout', { token });
        const code = await Promise.race([socket.closed, delay(1_500).then(() => 0)]);
        if (!code) socket.close();
        expect(code, 'the bus listens again').toBeGreaterThan(0);
        return code;
      },
      { ...SLOW, timeout: 40_000 },
    );
    expect(closedWith).toBeGreaterThan(1000);
  }, 120_000);
});
