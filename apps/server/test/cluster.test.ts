import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { adminToken, pairScale } from './support/pairing';
import { VirtualPlayers } from '@beerscale/scale-sim/virtual-players';
import { signUp, type Account } from './support/accounts';
import {
  nginxAvailable,
  startInstance,
  startNginx,
  type Instance,
  type Nginx,
} from './support/cluster';
import { httpClient, type HttpCall } from './support/http-client';
import { rankedLobby, startRanked as startRankedOn } from './support/ranked';
import { openSocket, type TestSocket } from './support/socket-client';
import { createTestDatabase, type TestDatabase } from './support/test-database';

// Scale-out (docs/ARCHITECTURE.md) as an operator runs it: two `main.ts serve` processes on one PostgreSQL database
// behind Debian's nginx with the sample configuration from deploy/nginx. Required in CI.
const runnable = Boolean(process.env.TEST_DATABASE_URL) && nginxAvailable();
if (!runnable && process.env.CI === 'true') {
  throw new Error('the cluster suite needs TEST_DATABASE_URL and nginx in CI');
}

/** Processes restart and games play at a scale's pace here: polls wait up to a minute. */
const SLOW = { timeout: 60_000, interval: 200 };

describe.skipIf(!runnable)('two instances behind nginx on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: pg.Pool;
  const instances: Instance[] = [];
  let nginx: Nginx;
  let lb: HttpCall;
  const scales: ScaleClient[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    // As the app's pool does: an idle client the server terminates (a forced drop of a test
    // database, a killed backend) must not be an uncaught exception that fails the whole run.
    sql.on('error', () => {});
    // One after the other: the first one migrates the fresh database.
    instances.push(await startInstance('a', database.url));
    instances.push(await startInstance('b', database.url));
    nginx = await startNginx(instances.map((i) => i.port));
    lb = httpClient(nginx.url);
  }, 90_000);

  afterAll(async () => {
    scales.forEach((s) => s.stop());
    sockets.forEach((s) => s.close());
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.kill('SIGTERM')));
    await sql?.end();
    await database?.drop();
  });

  const socketTo = async (base: string, account: Account) => {
    const socket = await openSocket(`${base.replace(/^http/, 'ws')}/ws?token=${account.token}`);
    sockets.push(socket);
    return socket;
  };
  const state = async (account: Account, gameId: number) =>
    (await lb('GET', `/api/games/${gameId}/state`, { token: account.token })).body.game;
  const statusOf = async (reader: Account, id: number) =>
    (await lb('GET', `/api/users?limit=1&userId=${id}`, { token: reader.token })).body[0]?.status;
  const holderOf = async (mac: string) => {
    const row = await sql.query('select connection_id from scales where mac = $1', [mac]);
    const connection: string | null = row.rows[0]?.connection_id ?? null;
    return instances.find((i) => connection?.startsWith(`${i.id}.`));
  };
  /** A simulated scale, its code confirmed by an administrator through nginx (any instance). */
  const connectScale = async (server: string, mac: string, seed: number) => {
    const scale = new ScaleClient({ server, mac, keyFile: null, seed });
    new VirtualPlayers(scale, { skill: 0.8, seed, handOverMs: 300 });
    scales.push(scale);
    admin ??= await adminToken(lb, database.url);
    await pairScale(lb, admin, scale, mac);
    return scale;
  };
  let admin: string | undefined;
  const startRanked = async (leader: Account, others: Account[], mac: string, rounds: number) => {
    const gameId = await rankedLobby(lb, leader, others, `Cluster ${mac.slice(-3)}`);
    const { setup, started } = await startRankedOn(lb, leader, gameId, mac, rounds);
    expect(setup.status).toBe(200);
    expect(started.status).toBe(200);
    return gameId;
  };
  /** Results and ELO exactly once: one history row per player, one ranked game counted each. */
  const expectRatedOnce = async (gameId: number, players: Account[], rounds: number) => {
    const history = await sql.query('select user_id from elo_history where game_id = $1', [gameId]);
    expect(history.rows.map((r) => r.user_id).sort()).toEqual(players.map((p) => p.id).sort());
    const counted = await sql.query(
      'select ranked_games_played from users where id = any($1::int[])',
      [players.map((p) => p.id)],
    );
    expect(counted.rows.every((r) => r.ranked_games_played === 1)).toBe(true);
    const done = await state(players[0]!, gameId);
    expect(done.players.every((p: any) => p.differences.length === rounds)).toBe(true);
  };

  it('serves both instances through the sample nginx configuration', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) seen.add((await lb('GET', '/api/health')).body.instance);
    expect([...seen].sort()).toEqual(instances.map((i) => i.id).sort());
  });

  it('plays a ranked game with players on one instance and the scale on the other', async () => {
    const [a, b] = instances as [Instance, Instance];
    const leader = await signUp(httpClient(a.url));
    const second = await signUp(httpClient(b.url));
    const third = await signUp(lb);
    const mac = leader.mac;
    const onA = await socketTo(a.url, leader);
    const onB = await socketTo(b.url, second);
    await connectScale(b.url, mac, 11);
    await expect.poll(async () => (await holderOf(mac))?.name, SLOW).toBe('b');
    const gameId = await startRanked(leader, [second, third], mac, 2);
    // The players watch the game's scale from instance a: its samples cross instances, batched.
    onA.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect((await onA.next('SCALE_STATUS')).connected).toBe(true);
    expect((await onA.next('SCALE_DATA', 10_000)).macAddress).toBe(mac);
    const completedOnA = await onA.next('GAME_COMPLETED', 90_000);
    const completedOnB = await onB.next('GAME_COMPLETED', 10_000);
    expect(completedOnA.gameId).toBe(gameId);
    expect(completedOnB.gameId).toBe(gameId);
    expect(onA.messages.some((m) => m.type === 'GAME_STATE' && m.game.id === gameId)).toBe(true);
    await expectRatedOnce(gameId, [leader, second, third], 2);
  }, 120_000);

  it('survives kill -9 of the instance running the game: it continues elsewhere, rated once', async () => {
    const leader = await signUp(lb);
    const second = await signUp(lb);
    const watcher = await signUp(lb);
    const mac = leader.mac;
    await connectScale(nginx.url, mac, 12);
    const holder = await vi.waitFor(async () => {
      const found = await holderOf(mac);
      if (!found) throw new Error('the scale is not connected');
      return found;
    }, SLOW);
    const survivor = instances.find((i) => i !== holder)!;
    // A player whose only socket is on the doomed instance: it must not stay online forever.
    await socketTo(holder.url, watcher);
    await expect.poll(() => statusOf(leader, watcher.id), SLOW).not.toBe('offline');

    const gameId = await startRanked(leader, [second], mac, 3);
    await expect
      .poll(async () => (await state(leader, gameId)).round, SLOW)
      .toBeGreaterThanOrEqual(2);
    const before = await state(leader, gameId);
    expect(await holder.kill('SIGKILL')).toBe(-1);

    // The scale reconnects through nginx to the survivor, and the engine moves with it.
    await expect.poll(() => holderOf(mac), { ...SLOW, timeout: 30_000 }).toBe(survivor);
    const live = await socketTo(nginx.url, leader);
    const after = await state(leader, gameId);
    expect(after.status).toBe('active');
    expect(after.round).toBeGreaterThanOrEqual(before.round);
    expect(after.players.map((p: any) => p.startWeight)).toEqual(
      before.players.map((p: any) => p.startWeight),
    );
    expect((await live.next('GAME_COMPLETED', 90_000)).gameId).toBe(gameId);
    await expectRatedOnce(gameId, [leader, second], 3);
    // The dead instance's users go offline once its heartbeat is stale (20 s) and swept.
    await expect.poll(() => statusOf(leader, watcher.id), SLOW).toBe('offline');

    // The operator restarts it on its port; nginx sends it traffic again.
    const restarted = await startInstance(holder.name, database.url, holder.port);
    instances[instances.indexOf(holder)] = restarted;
    await expect
      .poll(async () => {
        const seen = new Set<string>();
        for (let i = 0; i < 6; i += 1) seen.add((await lb('GET', '/api/health')).body.instance);
        return seen.size;
      }, SLOW)
      .toBe(2);
  }, 180_000);

  it('on SIGTERM finishes the request in flight and closes sockets with going-away', async () => {
    const target = instances[0]!;
    const account = await signUp(httpClient(target.url));
    const socket = await socketTo(target.url, account);
    // A login is slow by design (password hashing): it is in flight when the signal arrives.
    const login = httpClient(target.url)('POST', '/api/login', {
      body: { username: account.username, password: account.password },
    });
    await delay(20);
    target.process.kill('SIGTERM');
    expect((await login).status).toBe(200);
    expect(await socket.closed).toBe(1001);
    const code = await target.exited;
    if (code !== 0) console.log('SIGTERM LOG', target.log());
    expect(code).toBe(0);
    // Clients reconnect elsewhere: nginx still answers through the other instance.
    expect((await lb('GET', '/api/health')).status).toBe(200);
    instances[0] = await startInstance(target.name, database.url, target.port);
  }, 60_000);
});
