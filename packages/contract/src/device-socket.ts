import { z } from 'zod';
import { GAME_PHASES, containerTypeSchema } from './game-state';
import { hasHiddenCharacters, normalizeName, withoutHiddenCharacters } from './names';
import { isStorableText } from './text';

// The scale's protocol on /ws/device (DESIGN §8). The simulator and the gateway both parse with
// these schemas, so a change here is a change of the protocol.

/** Settings as the device receives them: strings, as stored (SPEC §3). */
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
]);
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

/** DESIGN §8: pairing codes are 6 random digits, valid 10 minutes, 5 wrong tries drop them. */
export const PAIRING_CODE_TTL_S = 600;
export const PAIRING_MAX_WRONG_CODES = 5;

/** DESIGN §8: a device has this long after connecting to say HELLO. */
export const DEVICE_HELLO_TIMEOUT_MS = 5_000;
/** DESIGN §8: WEIGHT at up to 10 Hz; a little slack for jitter before messages are dropped. */
export const DEVICE_MAX_WEIGHT_HZ = 12;
