import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { runAdminCommand } from '../src/admin/admin-cli';
import { signUp } from './support/accounts';
import { openDevice } from './support/device-socket';
import { httpClient, type HttpCall } from './support/http-client';
import { openSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';
import { testDialects } from './support/test-database';

let macSeq = 0;
const nextMac = () =>
  `D0${String(process.pid % 10000).padStart(4, '0')}${String(++macSeq).padStart(6, '0')}`;

describe.each(testDialects())('device gateway on %s', (dialect) => {
  let server: TestServer;
  let call: HttpCall;
  const clients: ScaleClient[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { deviceHelloTimeoutMs: 300 });
    call = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    clients.forEach((c) => c.stop());
    await server.stop();
  });

  function scale(mac: string, key?: string) {
    const client = new ScaleClient({
      server: server.baseUrl,
      mac,
      keyFile: null,
      key,
      reconnect: false,
    });
    clients.push(client);
    return client;
  }
  const once = <T>(client: ScaleClient, event: string) =>
    new Promise<T>((resolve) => client.once(event as 'WELCOME', resolve as never));

  it('pairs on the first HELLO with a 128-bit+ key kept only as a hash, then requires it', async () => {
    const mac = nextMac();
    const first = scale(mac);
    const welcome = once<any>(first, 'WELCOME');
    first.start();
    const w = await welcome;
    expect(w.key.length).toBeGreaterThanOrEqual(22);
    expect(w.settings).toMatchObject({
      auto_tare: 'true',
      sleep_timeout: '5',
      led_brightness: '50',
    });
    expect(w.game).toBeNull();
    const row = await server.instance.database.db
      .selectFrom('scales')
      .selectAll()
      .where('mac', '=', mac)
      .executeTakeFirstOrThrow();
    expect(row.device_key_hash).not.toContain(w.key);
    expect(row).toMatchObject({
      owner_id: null,
      approved: 0,
      firmware: 'sim-1.0',
      model_name: 'beerscale-sim',
    });
    first.stop();

    const again = scale(mac, w.key);
    const second = once<any>(again, 'WELCOME');
    again.start();
    expect((await second).key).toBeUndefined();
    again.stop();
  });

  it('refuses an impostor without the key or with a wrong one (REJECT, 1008)', async () => {
    const mac = nextMac();
    const owner = scale(mac);
    const welcome = once<any>(owner, 'WELCOME');
    owner.start();
    await welcome;
    owner.stop();
    for (const key of [undefined, 'wrong-key-wrong-key']) {
      const device = await openDevice(server.wsUrl);
      device.send({ type: 'HELLO', mac, ...(key ? { key } : {}) });
      expect((await device.next('REJECT')).error).toMatch(/key/i);
      expect((await device.closed).code).toBe(1008);
    }
  });

  it('rejects malformed first messages, bad MACs and a missing HELLO', async () => {
    for (const message of [
      '{nope',
      { type: 'HELLO', mac: 'XYZ' },
      { type: 'WEIGHT', grams: 1, stable: true },
    ]) {
      const device = await openDevice(server.wsUrl);
      device.send(message);
      await device.next('REJECT');
      expect((await device.closed).code).toBe(1008);
    }
    const silent = await openDevice(server.wsUrl);
    expect((await silent.next('REJECT', 2000)).error).toMatch(/HELLO/);
    expect((await silent.closed).code).toBe(1008);
  });

  it('replaces an older connection of the same scale', async () => {
    const mac = nextMac();
    const a = scale(mac);
    const welcome = once<any>(a, 'WELCOME');
    a.start();
    const { key } = await welcome;
    const closedA = new Promise<number>((resolve) => a.once('close', resolve));
    const b = scale(mac, key);
    const welcomeB = once<any>(b, 'WELCOME');
    b.start();
    await welcomeB;
    expect(await closedA).toBe(1008);
    expect(server.instance.devices.isConnected(mac)).toBe(true);
    b.stop();
  });

  it('relays live weight to the owner only, and SCALE_STATUS when the device leaves', async () => {
    const mac = nextMac();
    const owner = await signUp(call, { mac });
    const stranger = await signUp(call);
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', owner.username],
      () => {},
    );
    const device = scale(mac);
    const welcome = once<any>(device, 'WELCOME');
    device.start();
    await welcome;
    device.place(512);

    const watcher = await openSocket(`${server.wsUrl}/ws?token=${owner.token}`);
    watcher.send({ type: 'SELECT_SCALE', macAddress: mac.toLowerCase() });
    expect(await watcher.next('SCALE_STATUS')).toMatchObject({ macAddress: mac, connected: true });
    const data = await watcher.next('SCALE_DATA');
    expect(data.macAddress).toBe(mac);
    expect(typeof data.grams).toBe('number');

    const intruder = await openSocket(`${server.wsUrl}/ws?token=${stranger.token}`);
    intruder.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect((await intruder.next('ERROR')).message).toBe('You cannot watch this scale');
    await new Promise((r) => setTimeout(r, 300));
    expect(intruder.messages.filter((m) => m.type === 'SCALE_DATA')).toEqual([]);

    device.stop();
    expect(await watcher.next('SCALE_STATUS')).toMatchObject({ macAddress: mac, connected: false });
    watcher.close();
    intruder.close();
  });

  it('pushes SETTINGS after a settings or WiFi change, and the password only to the device', async () => {
    const mac = nextMac();
    const owner = await signUp(call, { mac });
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', owner.username],
      () => {},
    );
    const device = scale(mac);
    const welcome = once<any>(device, 'WELCOME');
    device.start();
    await welcome;

    const settingsPushed = once<any>(device, 'SETTINGS');
    const wifi = await call('PUT', `/api/scale-settings/scales/${mac}/wifi`, {
      token: owner.token,
      body: { ssid: 'BeerNet', password: 'hoppy-secret' },
    });
    expect(wifi.status).toBe(200);
    expect((await settingsPushed).settings).toMatchObject({
      wifi_ssid: 'BeerNet',
      wifi_password: 'hoppy-secret',
    });
    const stored = await server.instance.database.db
      .selectFrom('scale_settings')
      .select('value')
      .where('mac', '=', mac)
      .where('key', '=', 'wifi_password')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain('hoppy-secret');

    const general = once<any>(device, 'SETTINGS');
    await call('PUT', `/api/scale-settings/scales/${mac}/settings`, {
      token: owner.token,
      body: { settings: { led_brightness: 80, device_name: 'Bar scale' } },
    });
    expect((await general).settings).toMatchObject({
      led_brightness: '80',
      device_name: 'Bar scale',
    });
    device.stop();

    const reconnect = scale(mac, device.key);
    const rewelcome = once<any>(reconnect, 'WELCOME');
    reconnect.start();
    expect((await rewelcome).settings).toMatchObject({
      wifi_password: 'hoppy-secret',
      led_brightness: '80',
    });
    reconnect.stop();
  });
});
