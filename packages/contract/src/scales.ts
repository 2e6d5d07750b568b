import { z } from 'zod';
import {
  CALIBRATION,
  CALIBRATION_FACTOR,
  DEVICE_NAME_MAX,
  LED_BRIGHTNESS,
  SLEEP_TIMEOUT,
  WIFI_PASSWORD_MAX,
  WIFI_PASSWORD_MIN,
  WIFI_SSID_MAX,
} from './limits';
import { VALIDATION } from './messages';
import { hasHiddenCharacters, normalizeName } from './names';
import { PAIRING_MESSAGES } from './refusal-messages';

/** Every setting is stored and sent as a string, so the device gets them as they are stored. */
export const SETTING_DEFAULTS = {
  wifi_ssid: '',
  wifi_password: '',
  device_name: '',
  calibration_offset: String(CALIBRATION.default),
  /** Counts per gram of the load cell; '' = not set, the scale keeps its own (protocol 1.1). */
  calibration_factor: '',
  auto_tare: 'true',
  sleep_timeout: String(SLEEP_TIMEOUT.default),
  led_brightness: String(LED_BRIGHTNESS.default),
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type ScaleSettings = Record<SettingKey, string>;

/** What the API shows instead of a stored WiFi password: only the paired scale ever gets it. */
export const PASSWORD_SET = '[SET]';

/** PUT /api/scale-settings/scales/{mac}/wifi: SSID 1-32 characters, password 8-63. */
export const wifiBodySchema = z.strictObject({
  ssid: z
    .string({ error: VALIDATION.ssidRequired })
    .trim()
    .min(1, VALIDATION.ssidRequired)
    .max(WIFI_SSID_MAX, VALIDATION.ssidLength),
  password: z
    .string({ error: VALIDATION.wifiPasswordRequired })
    .min(1, VALIDATION.wifiPasswordRequired)
    .min(WIFI_PASSWORD_MIN, VALIDATION.wifiPasswordLength)
    .max(WIFI_PASSWORD_MAX, 'WiFi password must be 63 characters or less'),
});
export type WifiBody = z.infer<typeof wifiBodySchema>;

/** Form fields arrive as numbers or numeric strings; anything else gets the field's message. */
const numberLike = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).refine(Number.isFinite, message),
  );

export const SETTINGS_SHAPE_INVALID =
  'Settings must be an object of device_name, calibration_offset, calibration_factor, auto_tare, sleep_timeout and led_brightness';

/** Whether a scale may be sent this factor (STATUS { calibrated } is checked by it too). */
export function isCalibrationFactor(value: number): boolean {
  return (
    Number.isFinite(value) &&
    Math.abs(value) >= CALIBRATION_FACTOR.minMagnitude &&
    value >= CALIBRATION_FACTOR.min &&
    value <= CALIBRATION_FACTOR.max
  );
}
/** PUT /api/scale-settings/scales/{mac}/settings: each field optional, each checked. */
export const generalSettingsSchema = z.strictObject(
  {
    device_name: z
      .string({ error: 'Device name must be text' })
      .trim()
      .overwrite(normalizeName)
      .max(DEVICE_NAME_MAX, VALIDATION.deviceNameLength)
      .refine((value) => !hasHiddenCharacters(value), VALIDATION.deviceNameHiddenCharacters)
      .optional(),
    calibration_offset: numberLike(VALIDATION.calibrationInvalid)
      .refine((v) => v >= CALIBRATION.min && v <= CALIBRATION.max, VALIDATION.calibrationInvalid)
      .optional(),
    // '' (or null) clears it: the scale keeps the factor it found itself.
    calibration_factor: z
      .preprocess(
        (value) =>
          value === ''
            ? null
            : typeof value === 'string' && value.trim() !== ''
              ? Number(value)
              : value,
        z
          .number({ error: VALIDATION.calibrationFactorInvalid })
          .refine(isCalibrationFactor, VALIDATION.calibrationFactorInvalid)
          .nullable(),
      )
      .optional(),
    auto_tare: z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: VALIDATION.autoTareInvalid })
      .transform((v) => v === true || v === 'true')
      .optional(),
    sleep_timeout: numberLike(VALIDATION.sleepTimeoutRange)
      .refine(
        (v) => Number.isInteger(v) && v >= SLEEP_TIMEOUT.min && v <= SLEEP_TIMEOUT.max,
        VALIDATION.sleepTimeoutRange,
      )
      .optional(),
    led_brightness: numberLike(VALIDATION.ledBrightnessRange)
      .refine(
        (v) => Number.isInteger(v) && v >= LED_BRIGHTNESS.min && v <= LED_BRIGHTNESS.max,
        VALIDATION.ledBrightnessRange,
      )
      .optional(),
  },
  // A missing object or an unknown key (e.g. wifi_password here) gets one clear message.
  { error: SETTINGS_SHAPE_INVALID },
);
export const settingsBodySchema = z.strictObject({ settings: generalSettingsSchema });
export type SettingsBody = z.infer<typeof settingsBodySchema>;

export const scaleSummarySchema = z.object({
  mac_address: z.string(),
  scale_name: z.string().nullable(),
  model_name: z.string().nullable(),
  connection_status: z.enum(['connected', 'disconnected']),
  /** A device is connected with this address and shows a pairing code to confirm. */
  pairing_requested: z.boolean(),
  /**
   * A Bluetooth scale bridged by a player's browser: it has no WiFi and takes no device
   * settings (only its name), and is connected while a browser bridges it.
   */
  bridged: z.boolean(),
});
export type ScaleSummary = z.infer<typeof scaleSummarySchema>;
export const scalesReplySchema = z.object({ scales: z.array(scaleSummarySchema) });
/**
 * A scale the caller registered with that is not theirs yet. `code`: typing the code it shows
 * pairs it and makes it theirs (the code proves they hold it); `administrator`: the operator
 * requires an administrator's approval (PAIRING_APPROVAL=administrator).
 */
export const awaitingScaleSchema = z.object({
  mac_address: z.string(),
  /** A device is connected with this address and shows a pairing code. */
  pairing_requested: z.boolean(),
  approval: z.enum(['code', 'administrator']),
});
export type AwaitingScale = z.infer<typeof awaitingScaleSchema>;
export const awaitingScalesReplySchema = z.object({ scales: z.array(awaitingScaleSchema) });
export const checkScalesReplySchema = z.object({ hasScales: z.boolean() });
export const settingsReplySchema = z.object({
  settings: z.record(z.string(), z.string()),
  /**
   * Protocol 1.1: the network the scale reported it could not join (STATUS wifi failed) and went
   * back from; null when none. Cleared when the owner sets WiFi again.
   */
  wifi_failed_ssid: z.string().nullable(),
});
export type SettingsReply = z.infer<typeof settingsReplySchema>;

export { PAIRING_MESSAGES };
export const pairBodySchema = z.strictObject(
  {
    code: z
      .string({ error: PAIRING_MESSAGES.codeFormat })
      .trim()
      .regex(/^[0-9]{6}$/, PAIRING_MESSAGES.codeFormat),
  },
  { error: PAIRING_MESSAGES.codeFormat },
);
export type PairBody = z.infer<typeof pairBodySchema>;
export const pairReplySchema = z.object({ paired: z.literal(true) });

/** A device connected and showing a code, waiting for a person to confirm it. */
export const pendingPairingSchema = z.object({
  mac: z.string(),
  firmware: z.string().nullable(),
  model: z.string().nullable(),
  /** ISO time the newest code shown for this address expires. */
  expiresAt: z.string(),
  /** How many devices show a code for this address (an impostor may be one of them). */
  devices: z.number().int(),
});
export type PendingPairing = z.infer<typeof pendingPairingSchema>;
export const pendingPairingsReplySchema = z.object({ pairings: z.array(pendingPairingSchema) });
