import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { VALIDATION } from '@beerscale/contract/messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { openDevice, type RawDevice } from './support/device-socket';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { httpClient, type HttpCall } from './support/http-client';
import { adminToken, pairRawDevice } from './support/pairing';
import { startTestServer, type TestServer } from './support/test-server';
import { macMaker } from './support/next-mac';

// Protocol 1.1 (docs/DEVICE-PROTOCOL.md, Versions): additions a 1.0 scale never sees.
describeEachDialect('device protocol 1.1', {}, ({ server, call }) => {
  let admin: string;
  let owner: Account;
  const nextMac = macMaker('D2');

  beforeAll(async () => {
    admin = await adminToken(call, server.instance.database);
    owner = await createAccount(server);
  });

  /** A scale of `owner`'s, paired by code, and its key. */
  async function ownedScale(): Promise<{ mac: string; device: RawDevice; key: string }> {
    const mac = nextMac();
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', owner.username],
      () => {},
    );
    const { device, key } = await pairRawDevice(server.wsUrl, call, admin, mac, { minor: 1 });
    return { mac, device, key };
  }
  async function reconnect(mac: string, key: string, hello: object = {}) {
    const device = await openDevice(server.wsUrl);
    device.send({ type: 'HELLO', mac, key, ...hello });
    return device;
  }
  const settingsOf = (mac: string) =>
    call('GET', `/api/scale-settings/scales/${mac}/settings`, { token: owner.token });
  const setWifi = (mac: string, ssid: string) =>
    call('PUT', `/api/scale-settings/scales/${mac}/wifi`, {
      token: owner.token,
      body: { ssid, password: 'hoppy-lager' },
    });

  it('says minor 1 in WELCOME; a protocol 1 scale without minor is welcomed the same', async () => {
    const { mac, device, key } = await ownedScale();
    device.ws.close();
    await device.closed;
    const old = await reconnect(mac, key, { protocol: 1 });
    const welcome = await old.next('WELCOME');
    expect(welcome).toMatchObject({ protocol: 1, minor: 1 });
    old.ws.close();
    await old.closed;
  });

  it('sends REJECT "Message too large" before closing an oversized frame with 1009', async () => {
    const { device } = await ownedScale();
    device.send(JSON.stringify({ type: 'PING', pad: 'p'.repeat(70_000) }));
    const closed = await device.closed;
    expect(closed.code).toBe(1009);
    expect(device.messages.at(-1)).toEqual({
      type: 'REJECT',
      error: DEVICE_REJECTS.messageTooLarge.error,
    });
  });

  it('ignores a message type it does not know once welcomed (it was fatal in 1.0)', async () => {
    const { mac, device } = await ownedScale();
    device.send({ type: 'BATTERY', percent: 80 });
    device.send({ type: 'BATTERY', percent: 79 });
    device.send({ type: 'PING' });
    await device.next('PONG');
    expect(device.messages.some((m) => m.type === 'REJECT')).toBe(false);
    expect(server.instance.devices.isConnected(mac)).toBe(true);
    device.ws.close();
    await device.closed;
  });

  it('STATUS wifi failed: the owner is told, and the network is not sent until set again', async () => {
    const { mac, device, key } = await ownedScale();
    expect((await setWifi(mac, 'Upstairs')).status).toBe(200);
    expect((await device.next('SETTINGS')).settings.wifi_ssid).toBe('Upstairs');
    // A report about a network the server is not sending changes nothing.
    device.send({ type: 'STATUS', wifi: 'failed', ssid: 'Elsewhere' });
    await device.roundTrip();
    expect((await settingsOf(mac)).body.wifi_failed_ssid).toBeNull();

    device.send({ type: 'STATUS', wifi: 'failed', ssid: 'Upstairs' });
    await expect.poll(async () => (await settingsOf(mac)).body.wifi_failed_ssid).toBe('Upstairs');
    // The owner still sees what they set; the scale is sent "keep what you have".
    expect((await settingsOf(mac)).body.settings.wifi_ssid).toBe('Upstairs');
    device.ws.close();
    await device.closed;
    const again = await reconnect(mac, key);
    const welcome = await again.next('WELCOME');
    expect(welcome.settings).toMatchObject({ wifi_ssid: '', wifi_password: '' });
    // A changed setting does not bring the failed network back either.
    await call('PUT', `/api/scale-settings/scales/${mac}/settings`, {
      token: owner.token,
      body: { settings: { led_brightness: 20 } },
    });
    expect((await again.next('SETTINGS')).settings).toMatchObject({
      wifi_ssid: '',
      led_brightness: '20',
    });
    // Setting WiFi again (even the same network) sends it once more.
    await setWifi(mac, 'Upstairs');
    expect((await again.next('SETTINGS')).settings).toMatchObject({
      wifi_ssid: 'Upstairs',
      wifi_password: 'hoppy-lager',
    });
    expect((await settingsOf(mac)).body.wifi_failed_ssid).toBeNull();
    again.ws.close();
    await again.closed;
  });

  it('STATUS calibrated: the factor becomes the calibration_factor setting', async () => {
    const { mac, device, key } = await ownedScale();
    expect((await settingsOf(mac)).body.settings.calibration_factor).toBe('');
    device.send({ type: 'STATUS', calibrated: 0 }); // out of range: ignored
    device.send({ type: 'STATUS', calibrated: 412.75 });
    await expect
      .poll(async () => (await settingsOf(mac)).body.settings.calibration_factor)
      .toBe('412.75');
    // Out of range like the owner's setting: ignored (issue 42: -5 and 1e-300 were stored).
    for (const calibrated of [-5, 1e-300, 2_000_000]) {
      device.send({ type: 'STATUS', calibrated });
    }
    await device.roundTrip();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await settingsOf(mac)).body.settings.calibration_factor).toBe('412.75');
    device.ws.close();
    await device.closed;
    const again = await reconnect(mac, key);
    expect((await again.next('WELCOME')).settings.calibration_factor).toBe('412.75');
    again.ws.close();
    await again.closed;
  });

  it('takes calibration_factor from the owner, clears it with "", and words the ranges', async () => {
    const { mac, device } = await ownedScale();
    const put = (settings: object) =>
      call('PUT', `/api/scale-settings/scales/${mac}/settings`, {
        token: owner.token,
        body: { settings },
      });
    expect((await put({ calibration_factor: '-7050.5' })).status).toBe(200);
    expect((await device.next('SETTINGS')).settings.calibration_factor).toBe('-7050.5');
    expect((await put({ calibration_factor: '' })).status).toBe(200);
    expect((await device.next('SETTINGS')).settings.calibration_factor).toBe('');
    const offset = await put({ calibration_offset: 5000 });
    expect(offset.status).toBe(400);
    expect(offset.body.error).toBe(VALIDATION.calibrationInvalid);
    expect(offset.body.error).toContain('between -1000 and 1000');
    const factor = await put({ calibration_factor: 2_000_000 });
    expect(factor.body.error).toBe(VALIDATION.calibrationFactorInvalid);
    expect(factor.body.error).toContain('between 10 and 1000000');
    // Issue 42: a factor no load cell of a drinks scale reads is refused, either sign.
    for (const tiny of [-5, 1e-300, '0.5']) {
      expect((await put({ calibration_factor: tiny })).status).toBe(400);
    }
    expect((await settingsOf(mac)).body.settings.calibration_factor).toBe('');
    device.ws.close();
    await device.closed;
  });

  it('refuses a second connection with the key of a connected scale that answers PING', async () => {
    const { mac, device, key } = await ownedScale();
    // The genuine scale answers every PING.
    device.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'PING') device.send({ type: 'PONG' });
    });
    const copy = await reconnect(mac, key);
    expect(await copy.next('REJECT')).toEqual({
      type: 'REJECT',
      error: DEVICE_REJECTS.keyInUse.error,
      retryAfter: 60,
    });
    expect((await copy.closed).code).toBe(1008);
    // The genuine one keeps its place.
    device.send({ type: 'PING' });
    await device.next('PONG');
    expect(device.messages.some((m) => m.type === 'REJECT')).toBe(false);
    device.ws.close();
    await device.closed;
  });

  it('replaces a connected scale whose old socket answers the PING with anything but PONG', async () => {
    // A scale that let go of its socket to change WiFi may still have readings and ACKs on their
    // way over it: they are no answer to the PING, and the scale coming back is let in.
    const { mac, device, key } = await ownedScale();
    device.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'PING') {
        device.send({ type: 'WEIGHT', grams: 0, stable: true });
        device.send({ type: 'ACK', cmdId: 'c-1' });
      }
    });
    const fresh = await reconnect(mac, key);
    await fresh.next('WELCOME');
    expect((await device.next('REJECT')).error).toBe(DEVICE_REJECTS.replaced.error);
    fresh.ws.close();
    await fresh.closed;
  });

  it('replaces a connected scale that no longer answers (a half-open socket)', async () => {
    const { mac, device, key } = await ownedScale();
    const fresh = await reconnect(mac, key);
    await fresh.next('WELCOME');
    expect((await device.next('REJECT')).error).toBe(DEVICE_REJECTS.replaced.error);
    expect(server.instance.devices.isConnected(mac)).toBe(true);
    fresh.ws.close();
    await fresh.closed;
  });
});

describeEachDialect('device protocol 1.1: what the log says', ({ dialect }) => {
  let server: TestServer;
  let call: HttpCall;
  let admin: string;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    call = httpClient(server.baseUrl);
    admin = await adminToken(call, server.instance.database);
  });
  afterAll(() => server.stop());

  it('logs an oversized frame as a refusal, without an error or a stack', async () => {
    const { device } = await pairRawDevice(server.wsUrl, call, admin, 'D1EE00000001');
    device.send(JSON.stringify({ type: 'PING', pad: 'p'.repeat(70_000) }));
    await device.closed;
    await expect
      .poll(() => logged().filter((l) => l.refusal === 'Message too large'))
      .toHaveLength(1);
    const refusal = logged().find((l) => l.refusal === 'Message too large')!;
    expect(refusal.level).toBe(30);
    expect(lines.join('')).not.toContain('"stack"');
    expect(logged().some((l) => Number(l.level) >= 50)).toBe(false);
  });

  it('logs each unknown message type once per connection', async () => {
    const mac = 'D1EE00000002';
    const { device } = await pairRawDevice(server.wsUrl, call, admin, mac);
    for (const type of ['BATTERY', 'BATTERY', 'RSSI', 'BATTERY']) device.send({ type, value: 1 });
    await device.roundTrip();
    const ignored = () =>
      logged()
        .filter((l) => l.msg === 'device message type ignored' && l.mac === mac)
        .map((l) => l.type);
    await expect.poll(ignored).toEqual(['BATTERY', 'RSSI']);
    device.ws.close();
    await device.closed;
  });
});
