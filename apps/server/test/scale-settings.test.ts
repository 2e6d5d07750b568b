import { beforeAll, expect, it } from 'vitest';
import { VALIDATION } from '@beerscale/contract/messages';
import { SETTINGS_SHAPE_INVALID } from '@beerscale/contract/scales';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { openDevice } from './support/device-socket';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

describeEachDialect('scale settings', {}, ({ server, call }) => {
  let owner: Account;
  let stranger: Account;
  let requester: Account;
  const mac = 'BEEF00000001';
  const base = `/api/scale-settings/scales/${mac}`;

  beforeAll(async () => {
    owner = await createAccount(server, { mac });
    stranger = await createAccount(server);
    requester = await createAccount(server, { mac: 'BEEF00000002' });
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', owner.username],
      () => {},
    );
  });

  it('answers with the SPEC defaults as strings', async () => {
    const reply = await call('GET', `${base}/settings`, { token: owner.token });
    expect(reply.body.settings).toEqual({
      wifi_ssid: '',
      wifi_password: '',
      device_name: '',
      calibration_offset: '0',
      calibration_factor: '',
      auto_tare: 'true',
      sleep_timeout: '5',
      led_brightness: '50',
    });
  });

  it('stores WiFi and shows the password as [SET], never in clear', async () => {
    const put = await call('PUT', `${base}/wifi`, {
      token: owner.token,
      body: { ssid: 'Pub WiFi', password: 'lager-lager' },
    });
    expect(put.status).toBe(200);
    const reply = await call('GET', `${base}/settings`, { token: owner.token });
    expect(reply.body.settings).toMatchObject({ wifi_ssid: 'Pub WiFi', wifi_password: '[SET]' });
    expect(JSON.stringify(reply.body)).not.toContain('lager-lager');
  });

  it('stores general settings as strings, rounded to the calibration step', async () => {
    const put = await call('PUT', `${base}/settings`, {
      token: owner.token,
      body: {
        settings: {
          device_name: 'Stammtisch',
          calibration_offset: '0.30000001',
          auto_tare: false,
          sleep_timeout: 60,
          led_brightness: 0,
        },
      },
    });
    expect(put.status).toBe(200);
    const reply = await call('GET', `${base}/settings`, { token: owner.token });
    expect(reply.body.settings).toMatchObject({
      device_name: 'Stammtisch',
      calibration_offset: '0.3',
      auto_tare: 'false',
      sleep_timeout: '60',
      led_brightness: '0',
    });
  });

  it.each([
    ['wifi', { ssid: '', password: 'longenough' }, VALIDATION.ssidRequired],
    ['wifi', { ssid: 'x'.repeat(33), password: 'longenough' }, VALIDATION.ssidLength],
    ['wifi', { ssid: 'net', password: '' }, VALIDATION.wifiPasswordRequired],
    ['wifi', { ssid: 'net', password: 'short' }, VALIDATION.wifiPasswordLength],
    ['settings', { settings: { device_name: 'x'.repeat(51) } }, VALIDATION.deviceNameLength],
    ['settings', { settings: { calibration_offset: 'abc' } }, VALIDATION.calibrationInvalid],
    // Protocol 1.1: out of range says the range (it once said "must be a number").
    ['settings', { settings: { calibration_offset: 5000 } }, VALIDATION.calibrationInvalid],
    ['settings', { settings: { calibration_factor: 0 } }, VALIDATION.calibrationFactorInvalid],
    ['settings', { settings: { calibration_factor: 2e6 } }, VALIDATION.calibrationFactorInvalid],
    ['settings', { settings: { calibration_factor: 'abc' } }, VALIDATION.calibrationFactorInvalid],
    ['settings', { settings: { sleep_timeout: 0 } }, VALIDATION.sleepTimeoutRange],
    ['settings', { settings: { sleep_timeout: 61 } }, VALIDATION.sleepTimeoutRange],
    ['settings', { settings: { sleep_timeout: 2.5 } }, VALIDATION.sleepTimeoutRange],
    ['settings', { settings: { led_brightness: 101 } }, VALIDATION.ledBrightnessRange],
    ['settings', { settings: { led_brightness: -1 } }, VALIDATION.ledBrightnessRange],
    ['settings', { settings: { auto_tare: 'maybe' } }, VALIDATION.autoTareInvalid],
    ['wifi', {}, VALIDATION.ssidRequired],
    [
      'wifi',
      { ssid: 'net', password: 'p'.repeat(64) },
      'WiFi password must be 63 characters or less',
    ],
    ['settings', {}, SETTINGS_SHAPE_INVALID],
    ['settings', { settings: { wifi_password: 'sneaky-sneaky' } }, SETTINGS_SHAPE_INVALID],
    [
      'settings',
      { settings: { led_brightness: 10, sleep_timeout: 99 } },
      VALIDATION.sleepTimeoutRange,
    ],
  ])('refuses %s %o with its message and changes nothing', async (kind, body, message) => {
    const before = (await call('GET', `${base}/settings`, { token: owner.token })).body.settings;
    const storedBefore = await storedSettings();
    const reply = await call('PUT', `${base}/${kind}`, { token: owner.token, body });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(message);
    expect((await call('GET', `${base}/settings`, { token: owner.token })).body.settings).toEqual(
      before,
    );
    expect(await storedSettings()).toEqual(storedBefore);
  });

  it('reveals nothing about scales that are not assigned to and approved for the caller', async () => {
    const storedBefore = await storedSettings();
    for (const [token, scaleMac] of [
      [stranger.token, mac],
      [requester.token, 'BEEF00000002'],
      [owner.token, 'BEEF00000099'],
    ] as const) {
      const path = `/api/scale-settings/scales/${scaleMac}`;
      for (const [method, suffix, body] of [
        ['GET', 'settings', undefined],
        ['PUT', 'wifi', { ssid: 'evil', password: 'evil-evil' }],
        ['PUT', 'settings', { settings: { device_name: 'pwned' } }],
      ] as const) {
        const reply = await call(method, `${path}/${suffix}`, { token, body });
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ error: 'Scale not found', code: 'SCALE_NOT_FOUND' });
      }
    }
    expect(await storedSettings()).toEqual(storedBefore);
    for (const token of [stranger.token, requester.token]) {
      expect((await call('GET', '/api/scale-settings/scales', { token })).body).toEqual({
        scales: [],
      });
      expect((await call('GET', '/api/scale-settings/check-scales', { token })).body).toEqual({
        hasScales: false,
      });
    }
    for (const path of [
      '/api/scale-settings/check-scales',
      '/api/scale-settings/scales',
      `${base}/settings`,
    ]) {
      expect((await call('GET', path)).status).toBe(401);
    }
    expect(
      (await call('PUT', `${base}/wifi`, { body: { ssid: 'anon', password: 'anon-anon' } })).status,
    ).toBe(401);
    expect(await storedSettings()).toEqual(storedBefore);
  });

  it('refuses a malformed address with 400', async () => {
    const reply = await call('GET', '/api/scale-settings/scales/NOT-A-MAC/settings', {
      token: owner.token,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(VALIDATION.invalidMac);
  });

  it("lists the caller's scales with the device name as scale name and the live connection", async () => {
    await call('PUT', `${base}/settings`, {
      token: owner.token,
      body: { settings: { device_name: 'Tap room' } },
    });
    // A device with this address shows a code: the owner sees that it waits to be paired.
    const device = await openDevice(server.wsUrl);
    device.send({ type: 'HELLO', mac, model: 'BS-1' });
    const { code } = await device.next('PAIRING');
    const waiting = await call('GET', '/api/scale-settings/scales', { token: owner.token });
    expect(waiting.body.scales[0]).toMatchObject({
      connection_status: 'disconnected',
      pairing_requested: true,
    });
    expect(
      (await call('POST', `${base}/pair`, { token: owner.token, body: { code } })).body,
    ).toEqual({ paired: true });
    await device.next('WELCOME');
    expect((await call('GET', '/api/scale-settings/scales', { token: owner.token })).body).toEqual({
      scales: [
        {
          mac_address: mac,
          scale_name: 'Tap room',
          model_name: 'BS-1',
          connection_status: 'connected',
          pairing_requested: false,
          bridged: false,
        },
      ],
    });
    expect(
      (await call('GET', '/api/scale-settings/check-scales', { token: owner.token })).body,
    ).toEqual({ hasScales: true });
    device.ws.close();
    await device.closed;
    await expect
      .poll(
        async () =>
          (await call('GET', '/api/scale-settings/scales', { token: owner.token })).body.scales[0]
            .connection_status,
      )
      .toBe('disconnected');
    // An empty name clears it again.
    await call('PUT', `${base}/settings`, {
      token: owner.token,
      body: { settings: { device_name: '' } },
    });
    expect(
      (await call('GET', '/api/scale-settings/scales', { token: owner.token })).body.scales[0]
        .scale_name,
    ).toBeNull();
  });

  function storedSettings() {
    return server.instance.database.db
      .selectFrom('scale_settings')
      .select(['mac', 'key', 'value'])
      .orderBy('mac')
      .orderBy('key')
      .execute();
  }
});
