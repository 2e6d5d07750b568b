import { z } from 'zod';
import { GAME_PHASES, containerTypeSchema } from './game-state';
import { hasHiddenCharacters, normalizeName, withoutHiddenCharacters } from './names';
import { isStorableText } from './text';

// The scale's protocol on /ws/device (docs/DEVICE-PROTOCOL.md). The simulator and the gateway
// both parse with these schemas, so a change here is a change of the protocol.

/** Settings as the device receives them: strings, as every setting is stored. */
export const deviceSettingsSchema = z.record(z.string(), z.string());

const macOnWire = z
  .string()
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[0-9A-F]{12}$/.test(value), 'Malformed MAC address');

/** Why a HELLO's `firmware` or `model` was refused (after `Malformed message: <field>: `). */
export const DEVICE_TEXT_HIDDEN_CHARACTERS =
  'control, invisible or text-direction characters are not allowed';

/**
 * HELLO's `firmware` and `model`: stored with the scale and shown to people (the scale list,
 * /admin), so a name's rules. Refused rather than cleaned: they are constants of a firmware,
 * and its author learns at the first connection.
 */
const deviceLabel = z
  .string()
  .trim()
  .overwrite(normalizeName)
  .max(50)
  .refine(isStorableText, 'Malformed text')
  .refine((value) => !hasHiddenCharacters(value), DEVICE_TEXT_HIDDEN_CHARACTERS);

/** The protocol this server speaks; WELCOME says it, a HELLO without `protocol` means 1. */
export const DEVICE_PROTOCOL_VERSION = 1;
/**
 * Additions within version 1 (WELCOME's `minor`): 1 = STATUS, REJECT before an oversized frame's
 * close, unknown message types ignored, `calibration_factor`, "Key in use" (docs/DEVICE-PROTOCOL.md,
 * Versions). A scale of minor 0 (no `minor`) works unchanged.
 */
export const DEVICE_PROTOCOL_MINOR = 1;
/** STATUS `wifi`: the scale could not join the network of `ssid` and went back to its old one. */
export const WIFI_FAILED = 'failed';

// Device messages are plain objects: fields a newer firmware adds (battery, rssi...) are
// ignored, never refused, so a scale in the field keeps working with an older server.
export const deviceToServerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('HELLO'),
    mac: macOnWire,
    key: z.string().min(1).max(200).optional(),
    firmware: deviceLabel.optional(),
    model: deviceLabel.optional(),
    protocol: z.number().int().min(1).max(1000).optional(),
    /** Protocol 1.1: the newest minor version of `protocol` the firmware speaks; absent means 0. */
    minor: z.number().int().min(0).max(1000).optional(),
  }),
  z.object({
    type: z.literal('WEIGHT'),
    grams: z.number().finite().min(-100_000).max(100_000),
    stable: z.boolean(),
    seq: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal('ACK'), cmdId: z.string().min(1).max(100) }),
  z.object({
    type: z.literal('NACK'),
    cmdId: z.string().min(1).max(100),
    // Shown to the game's leader. Cleaned, not refused: a refusal would drop the scale mid-game
    // over the wording of an error text (and again at every resend).
    error: z.string().max(500).overwrite(withoutHiddenCharacters),
  }),
  z.object({ type: z.literal('PING') }),
  z.object({ type: z.literal('PONG') }),
  // Protocol 1.1: what the scale found out on its own. Every field optional, so one message type
  // serves every report; a `wifi` value this server does not know is ignored like a new field.
  z.object({
    type: z.literal('STATUS'),
    /** `failed`: joining `ssid` failed and the scale went back to the network it had. */
    wifi: z.string().max(32).optional(),
    ssid: z.string().max(64).optional(),
    /** The factor (counts per gram) the scale found by its own calibration with a known weight. */
    calibrated: z.number().finite().optional(),
  }),
]);
/** Every type a scale may send; any other is ignored (protocol 1.1), not refused. */
export const DEVICE_TO_SERVER_TYPES: readonly string[] = deviceToServerSchema.options.map(
  (option) => option.shape.type.value,
);
export type DeviceToServer = z.infer<typeof deviceToServerSchema>;

export const devicePlayerSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
});

export const deviceGameSchema = z
  .object({
    gameId: z.number(),
    containerType: containerTypeSchema,
    players: z.array(devicePlayerSchema),
    /** True once the game runs (START was sent); false while it is only set up. */
    started: z.boolean(),
  })
  .nullable();

export type DeviceGame = z.infer<typeof deviceGameSchema>;

/** What a scale's screen shows: a game phase, or no game (IDLE) or a cancelled one. */
export const DISPLAY_PHASES = [...GAME_PHASES, 'IDLE', 'CANCELLED'] as const;
export const displayPhaseSchema = z.enum(DISPLAY_PHASES);
export type DisplayPhase = z.infer<typeof displayPhaseSchema>;
/** The longest DISPLAY text the server sends (two 16x2 lines fit less: scroll or wrap). */
export const DISPLAY_TEXT_MAX = 120;

export const serverToDeviceSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('WELCOME'),
    /** Only when the scale was just paired: store it and present it in every HELLO. */
    key: z.string().optional(),
    protocol: z.number().int(),
    /** Protocol 1.1: the minor version of `protocol` the server speaks (DEVICE_PROTOCOL_MINOR). */
    minor: z.number().int().optional(),
    settings: deviceSettingsSchema,
    game: deviceGameSchema,
  }),
  z.object({
    type: z.literal('PAIRING'),
    /** Six digits to show on the scale's display until WELCOME (or REJECT) arrives. */
    code: z.string().regex(/^[0-9]{6}$/),
    /** Seconds the code stays valid. */
    expiresIn: z.number().int().positive(),
  }),
  z.object({
    type: z.literal('REJECT'),
    error: z.string(),
    /** Present when the refusal is temporary: reconnect after this many seconds (or later). */
    retryAfter: z.number().int().positive().optional(),
  }),
  z.object({
    type: z.literal('CONFIGURE'),
    cmdId: z.string(),
    gameId: z.number(),
    containerType: containerTypeSchema,
    players: z.array(devicePlayerSchema),
  }),
  z.object({ type: z.literal('START'), cmdId: z.string(), gameId: z.number() }),
  z.object({
    type: z.literal('DISPLAY'),
    phase: displayPhaseSchema,
    player: z.string().optional(),
    target: z.number().optional(),
    text: z.string().max(DISPLAY_TEXT_MAX),
  }),
  z.object({ type: z.literal('SETTINGS'), cmdId: z.string(), settings: deviceSettingsSchema }),
  z.object({ type: z.literal('PING') }),
  z.object({ type: z.literal('PONG') }),
]);
export type ServerToDevice = z.infer<typeof serverToDeviceSchema>;
export type ServerToDeviceMap = {
  [K in ServerToDevice['type']]: Extract<ServerToDevice, { type: K }>;
};
export type DeviceToServerMap = {
  [K in DeviceToServer['type']]: Extract<DeviceToServer, { type: K }>;
};

/** Commands that change what the scale does: re-sent until ACKed (and after a reconnect). */
export const ACKED_COMMANDS = ['CONFIGURE', 'START', 'SETTINGS'] as const;
export type AckedCommand = (typeof ACKED_COMMANDS)[number];
/** A command not ACKed within this long is sent again, at most COMMAND_MAX_SENDS times. */
export const COMMAND_RESEND_MS = 3_000;
export const COMMAND_MAX_SENDS = 5;

/**
 * Pairing codes are 6 random digits, valid 10 minutes, 5 wrong tries drop them
 * (docs/DEVICE-PROTOCOL.md, Pairing).
 */
export const PAIRING_CODE_TTL_S = 600;
export const PAIRING_MAX_WRONG_CODES = 5;

/**
 * Protocol 1.1: a scale answers PING within this long. A second connection with the key of a
 * connected scale that answers in time is refused ("Key in use"); a silent one is replaced.
 */
export const DEVICE_PING_ANSWER_MS = 5_000;

/** A device has this long after connecting to say HELLO (docs/DEVICE-PROTOCOL.md, Connecting). */
export const DEVICE_HELLO_TIMEOUT_MS = 5_000;
/** WEIGHT comes at up to 10 Hz; a little slack for jitter before messages are dropped. */
export const DEVICE_MAX_WEIGHT_HZ = 12;
/**
 * Readings that may arrive together and all count: three seconds' worth, the backlog of a network
 * or server stall. Beyond it a flood is held to DEVICE_MAX_WEIGHT_HZ.
 */
export const DEVICE_WEIGHT_BURST = 3 * DEVICE_MAX_WEIGHT_HZ;
