import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@beerscale/contract/messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import { signUp, type Account } from './support/accounts';
import { httpClient, type HttpCall } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { testDialects } from './support/test-database';

describe.each(testDialects())('scale settings on %s', (dialect) => {
  let server: TestServer;
  let call: HttpCall;
  let owner: Account;
  let stranger: Account;
  let requester: Account;
  const mac = 'BEEF00000001';
  const base = `/api/scale-settings/scales/${mac}`;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    call = httpClient(server.baseUrl);
    owner = await signUp(call, { mac });
    stranger = await signUp(call);
    requester = await signUp(call, { mac: 'BEEF00000002' });
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', owner.username],
      () => {},
    );
  });
  afterAll(() => server.stop());

  it('answers with the SPEC defaults as strings', async () => {
    const reply = await call('GET', `${base}/settings`, { token: owner.token });
    expect(reply.body.settings).toEqual({
      wifi_ssid: '',
      wifi_password: '',
      device_name: '',
      calibration_offset: '0',
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
    ['settings', { settings: { sleep_timeout: 0 } }, VALIDATION.sleepTimeoutRange],
    ['settings', { settings: { sleep_timeout: 61 } }, VALIDATION.sleepTimeoutRange],
    ['settings', { settings: { sleep_timeout: 2.5 } }, VALIDATION.sleepTimeoutRange],
    ['settings', { settings: { led_brightness: 101 } }, VALIDATION.ledBrightnessRange],
    ['settings', { settings: { led_brightness: -1 } }, VALIDATION.ledBrightnessRange],
    ['settings', { settings: { auto_tare: 'maybe' } }, VALIDATION.autoTareInvalid],
  ])('refuses %s %o with its message and changes nothing', async (kind, body, message) => {
    const before = (await call('GET', `${base}/settings`, { token: owner.token })).body.settings;
    const reply = await call('PUT', `${base}/${kind}`, { token: owner.token, body });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(message);
    expect((await call('GET', `${base}/settings`, { token: owner.token })).body.settings).toEqual(
      before,
    );
  });

  it('reveals nothing about scales that are not assigned to and approved for the caller', async () => {
    for (const [token, path] of [
      [stranger.token, `${base}/settings`],
      [requester.token, '/api/scale-settings/scales/BEEF00000002/settings'],
      [owner.token, '/api/scale-settings/scales/BEEF00000099/settings'],
    ] as const) {
      const reply = await call('GET', path, { token });
      expect(reply.status).toBe(404);
      expect(reply.body.error).toBe('Scale not found');
    }
    const put = await call('PUT', `${base}/wifi`, {
      token: stranger.token,
      body: { ssid: 'evil', password: 'evil-evil' },
    });
    expect(put.status).toBe(404);
    expect(
      (await call('GET', '/api/scale-settings/scales', { token: stranger.token })).body,
    ).toEqual({ scales: [] });
    expect((await call('GET', '/api/scale-settings/check-scales')).status).toBe(401);
  });
});
