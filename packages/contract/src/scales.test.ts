import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { SETTINGS_SHAPE_INVALID, settingsBodySchema, wifiBodySchema } from './scales';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('wifiBodySchema', () => {
  it('accepts an SSID of 1-32 and a password of 8-63 characters', () => {
    expect(wifiBodySchema.parse({ ssid: ' Pub ', password: '12345678' })).toEqual({
      ssid: 'Pub',
      password: '12345678',
    });
    expect(
      wifiBodySchema.safeParse({ ssid: 'x'.repeat(32), password: 'p'.repeat(63) }).success,
    ).toBe(true);
  });

  it.each([
    [{ password: '12345678' }, VALIDATION.ssidRequired],
    [{ ssid: '   ', password: '12345678' }, VALIDATION.ssidRequired],
    [{ ssid: 'x'.repeat(33), password: '12345678' }, VALIDATION.ssidLength],
    [{ ssid: 'net' }, VALIDATION.wifiPasswordRequired],
    [{ ssid: 'net', password: '' }, VALIDATION.wifiPasswordRequired],
    [{ ssid: 'net', password: '1234567' }, VALIDATION.wifiPasswordLength],
  ])('refuses %o with %s', (body, message) => {
    expect(firstError(wifiBodySchema.safeParse(body))).toBe(message);
  });
});

describe('settingsBodySchema', () => {
  it('takes numbers or numeric strings and booleans or their strings', () => {
    expect(
      settingsBodySchema.parse({
        settings: {
          device_name: ' Bar ',
          calibration_offset: '-1.5',
          auto_tare: 'false',
          sleep_timeout: '60',
          led_brightness: 0,
        },
      }),
    ).toEqual({
      settings: {
        device_name: 'Bar',
        calibration_offset: -1.5,
        auto_tare: false,
        sleep_timeout: 60,
        led_brightness: 0,
      },
    });
  });

  it.each([
    [{ device_name: 'x'.repeat(51) }, VALIDATION.deviceNameLength],
    [{ calibration_offset: 'abc' }, VALIDATION.calibrationInvalid],
    [{ calibration_offset: 'Infinity' }, VALIDATION.calibrationInvalid],
    [{ calibration_offset: 5000 }, VALIDATION.calibrationInvalid],
    [{ sleep_timeout: 0 }, VALIDATION.sleepTimeoutRange],
    [{ sleep_timeout: 61 }, VALIDATION.sleepTimeoutRange],
    [{ sleep_timeout: 1.5 }, VALIDATION.sleepTimeoutRange],
    [{ led_brightness: 101 }, VALIDATION.ledBrightnessRange],
    [{ led_brightness: '' }, VALIDATION.ledBrightnessRange],
    [{ auto_tare: 'yes' }, VALIDATION.autoTareInvalid],
    [{ wifi_password: 'sneaky-one' }, SETTINGS_SHAPE_INVALID],
  ])('refuses %o with %s', (settings, message) => {
    expect(firstError(settingsBodySchema.safeParse({ settings }))).toBe(message);
  });

  it('refuses a body without a settings object', () => {
    expect(firstError(settingsBodySchema.safeParse({}))).toBe(SETTINGS_SHAPE_INVALID);
    expect(firstError(settingsBodySchema.safeParse({ settings: 'all' }))).toBe(
      SETTINGS_SHAPE_INVALID,
    );
  });
});
