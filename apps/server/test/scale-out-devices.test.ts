import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { BusEventType } from '../src/realtime/bus-events';
import { LocalEventBus } from '../src/realtime/event-bus';
import type { Account } from './support/accounts';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { openDevice, type RawDevice } from './support/device-socket';
import { confirmCode } from './support/pairing';
import { httpClient, type HttpCall } from './support/http-client';
import { openSocket } from './support/socket-client';
import { startTestServer, testConfig, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

/**
 * On SQLite, stands in for the PostgreSQL LISTEN/NOTIFY transport (docs/ARCHITECTURE.md): what one instance
 * publishes, the other receives, for the events that cross instances.
 */
function bridge(a: App, b: App, types: BusEventType[]): void {
  let forwarding = false;
  const link = (from: App, to: App) => {
    if (!(to.bus instanceof LocalEventBus)) throw new Error('expected the in-process bus');
    const target = to.bus;
    for (const type of types) {
      from.bus.subscribe(type, (payload) => {
        if (forwarding) return;
        forwarding = true;
        try {
          target.deliver(type, payload);
        } finally {
          forwarding = false;
        }
      });
    }
  };
  link(a, b);
  link(b, a);
}

describeEachDialect('scale devices across two instances', ({ dialect }) => {
  let server: TestServer;
  let other: App;
  let otherUrl: string;
  let call: HttpCall;
  let callOther: HttpCall;
  let owner: Account;
  let admin: string;
  const mac = 'F00D00000001';
  const devices: RawDevice[] = [];
  /** The scale's pairing key as the device would keep it between connections. */
  let deviceKey: string | undefined;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    other = await buildApp(testConfig(server.database.url));
    otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
    // On PostgreSQL the real LISTEN/NOTIFY bus links the two; SQLite has no cross-process bus.
    if (dialect === 'sqlite')
      bridge(server.instance, other, [
        'device.claimed',
        'scale.key-reset',
        'scale.status',
        'scale.settings-changed',
        'device.pairing-opened',
        'device.pairing-closed',
        'device.pairing-wrong-code',
        'device.paired',
        'game.configured',
        'game.started',
        'game.stepped',
        'game.completed',
        'game.cancelled',
        'lobby.cancelled',
        'device.ping-asked',
        'device.ping-answered',
      ]);
    call = httpClient(server.baseUrl);
    callOther = httpClient(otherUrl);
    owner = await createAccount(server, { mac });
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', owner.username],
      () => {},
    );
    await runAdminCommand(
      server.instance.database,
      ['create-admin', '--username', 'ops.admin', '--password', 'ops-pass-1'],
      () => {},
    );
    admin = (
      await callOther('POST', '/api/login', {
        body: { username: 'ops.admin', password: 'ops-pass-1' },
      })
    ).body.token;
  });
  afterAll(async () => {
    devices.forEach((d) => d.ws.close());
    await other.close();
    await server.stop();
  });

  /** Connects the scale's device there; without a key its code is confirmed through `confirmOn`. */
  async function connect(url: string, confirmOn: HttpCall = callOther) {
    const device = await openDevice(url.replace(/^http/, 'ws'));
    devices.push(device);
    device.send({ type: 'HELLO', mac, ...(deviceKey ? { key: deviceKey } : {}) });
    if (!deviceKey) await confirmCode(confirmOn, admin, mac, (await device.next('PAIRING')).code);
    const welcome = await device.next('WELCOME');
    deviceKey = welcome.key ?? deviceKey;
    return device;
  }
  const statusOn = async (http: HttpCall) =>
    (await http('GET', '/api/scale-settings/scales', { token: owner.token })).body.scales[0]
      .connection_status;

  it('answers connection_status on every instance, and the live status to watchers', async () => {
    expect(await statusOn(callOther)).toBe('disconnected');
    const device = await connect(server.baseUrl);
    expect(await statusOn(call)).toBe('connected');
    expect(await statusOn(callOther)).toBe('connected');
    const listed = (await callOther('GET', '/api/admin/scales', { token: admin })).body.scales;
    expect(listed.find((s: any) => s.mac === mac).connected).toBe(true);

    const watcher = await openSocket(`${otherUrl.replace(/^http/, 'ws')}/ws?token=${owner.token}`);
    watcher.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect(await watcher.next('SCALE_STATUS')).toMatchObject({ connected: true });

    // Settings changed through the other instance reach the device where it is connected.
    await callOther('PUT', `/api/scale-settings/scales/${mac}/settings`, {
      token: owner.token,
      body: { settings: { sleep_timeout: 42 } },
    });
    expect((await device.next('SETTINGS')).settings).toMatchObject({ sleep_timeout: '42' });

    device.ws.close();
    expect(await watcher.next('SCALE_STATUS')).toMatchObject({ connected: false });
    await expect.poll(() => statusOn(callOther)).toBe('disconnected');
    watcher.close();
  });

  it('replaces a connection held by the other instance, without a false "offline"', async () => {
    const first = await connect(server.baseUrl);
    const watcher = await openSocket(`${server.wsUrl}/ws?token=${owner.token}`);
    watcher.send({ type: 'SELECT_SCALE', macAddress: mac });
    await watcher.next('SCALE_STATUS');

    const second = await connect(otherUrl);
    expect((await first.next('REJECT')).error).toBe(DEVICE_REJECTS.replaced.error);
    expect((await first.closed).code).toBe(1008);
    expect(server.instance.devices.isConnected(mac)).toBe(false);
    expect(other.devices.isConnected(mac)).toBe(true);
    // A false "offline" would cross the bus from the first instance: give it the time to.
    await delay(200);
    expect(await statusOn(call)).toBe('connected');
    expect(
      watcher.messages.filter((m) => m.type === 'SCALE_STATUS').map((m) => m.connected),
    ).toEqual([true, true]);

    // A reset through the first instance drops the device held by the second.
    const reset = await call('POST', `/api/admin/scales/${mac}/reset-key`, {
      token: admin,
    });
    expect(reset.status).toBe(200);
    expect((await second.next('REJECT')).error).toMatch(/reset/i);
    expect((await second.closed).code).toBe(1008);
    deviceKey = undefined;
    await expect.poll(() => statusOn(call)).toBe('disconnected');
    watcher.close();
  });

  it('refuses a copied key on the other instance while the scale answers ("Key in use")', async () => {
    const genuine = await connect(server.baseUrl);
    // The genuine scale answers every PING.
    genuine.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'PING') genuine.send({ type: 'PONG' });
    });
    const copy = await openDevice(otherUrl.replace(/^http/, 'ws'));
    devices.push(copy);
    copy.send({ type: 'HELLO', mac, key: deviceKey });
    expect(await copy.next('REJECT')).toEqual({ type: 'REJECT', ...DEVICE_REJECTS.keyInUse });
    expect((await copy.closed).code).toBe(1008);
    // The genuine scale kept its place on its instance.
    expect(server.instance.devices.isConnected(mac)).toBe(true);
    expect(other.devices.isConnected(mac)).toBe(false);
    expect(genuine.messages.some((m) => m.type === 'REJECT')).toBe(false);
    genuine.ws.close();
    await genuine.closed;
    await expect.poll(() => statusOn(call)).toBe('disconnected');
  });

  it('pairs a device on one instance by a code confirmed through the other', async () => {
    const device = await connect(server.baseUrl, callOther);
    expect(deviceKey).toEqual(expect.any(String));
    expect(server.instance.devices.isConnected(mac)).toBe(true);
    device.ws.close();
    await device.closed;
  });

  it('feeds a game started through the other instance, though weights came while none ran', async () => {
    const device = await connect(server.baseUrl);
    // Weights while no game runs: the scale's instance learns there is none.
    for (let i = 0; i < 5; i += 1) device.send({ type: 'WEIGHT', grams: 0, stable: true });
    // The engine's look-up of the running game is asynchronous: give it the time to finish.
    await delay(300);
    const created = await callOther('POST', '/api/fast-game', {
      token: owner.token,
      body: { players: [owner.playerName, 'Bob'], scaleAddress: mac, containerType: 'BEER_BOTTLE' },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    expect(
      (await callOther('POST', `/api/fast-game/${gameId}/start`, { token: owner.token })).status,
    ).toBeLessThan(300);
    // A full bottle stands still for well over a second: the first weighing.
    const state = async () =>
      (await callOther('GET', `/api/games/${gameId}/state`, { token: owner.token })).body.game;
    const deadline = Date.now() + 10_000;
    while ((await state()).players[0].startWeight === null) {
      if (Date.now() > deadline) throw new Error('the placement was never used');
      for (let i = 0; i < 5; i += 1) {
        device.send({ type: 'WEIGHT', grams: 512, stable: true });
        await delay(100);
      }
    }
    expect((await state()).players[0].startWeight).toBe(512);
    await callOther('POST', `/api/fast-game/${gameId}/start`, { token: owner.token });
    await callOther('POST', `/api/games/${gameId}/finish`, { token: owner.token });
    device.ws.close();
    await device.closed;
  });

  it('does not believe a claim that stopped being refreshed (a crashed instance)', async () => {
    const db = server.instance.database.db;
    await db
      .updateTable('scales')
      .set({ connection_id: 'gone.1', last_seen_at: new Date().toISOString() })
      .where('mac', '=', mac)
      .execute();
    expect(await statusOn(call)).toBe('connected');
    await db
      .updateTable('scales')
      .set({ last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .where('mac', '=', mac)
      .execute();
    expect(await statusOn(call)).toBe('disconnected');
    // A device that connects takes the scale over from the stale claim.
    const device = await connect(otherUrl);
    expect(await statusOn(call)).toBe('connected');
    device.ws.close();
    await device.closed;
  });

  it('releases its claims when an instance shuts down', async () => {
    const third = await buildApp(testConfig(server.database.url));
    const thirdUrl = await third.app.listen({ port: 0, host: '127.0.0.1' });
    const device = await connect(thirdUrl, httpClient(thirdUrl));
    expect(await statusOn(call)).toBe('connected');
    await third.close();
    expect((await device.closed).code).toBe(1001);
    expect(device.messages.at(-1)).toEqual({ type: 'REJECT', ...DEVICE_REJECTS.shuttingDown });
    const row = await server.instance.database.db
      .selectFrom('scales')
      .select('connection_id')
      .where('mac', '=', mac)
      .executeTakeFirstOrThrow();
    expect(row.connection_id).toBeNull();
    expect(await statusOn(call)).toBe('disconnected');
  });
});
