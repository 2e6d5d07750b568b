import { z } from 'zod';
import { containerTypeSchema, gamePhaseSchema } from './game-state';
import { isStorableText } from './text';

// The scale's protocol on /ws/device (DESIGN §8). The simulator and the gateway both parse with
// these schemas, so a change here is a change of the protocol.

/** Settings as the device receives them: strings, as stored (SPEC §3). */
export const deviceSettingsSchema = z.record(z.string(), z.string());

const macOnWire = z
  .string()
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[0-9A-F]{12}$/.test(value), 'Malformed MAC address');

export const deviceToServerSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('HELLO'),
    mac: macOnWire,
    key: z.string().min(1).max(200).optional(),
    // Stored with the scale: text the tables can hold.
    firmware: z.string().max(50).refine(isStorableText, 'Malformed text').optional(),
    model: z.string().max(50).refine(isStorableText, 'Malformed text').optional(),
  }),
  z.strictObject({
    type: z.literal('WEIGHT'),
    grams: z.number().finite().min(-100_000).max(100_000),
    stable: z.boolean(),
    seq: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({ type: z.literal('ACK'), cmdId: z.string().min(1).max(100) }),
  z.strictObject({
    type: z.literal('NACK'),
    cmdId: z.string().min(1).max(100),
    error: z.string().max(500),
  }),
  z.strictObject({ type: z.literal('PING') }),
  z.strictObject({ type: z.literal('PONG') }),
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
  })
  .nullable();

export const serverToDeviceSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('WELCOME'),
    key: z.string().optional(),
    settings: deviceSettingsSchema,
    game: deviceGameSchema,
  }),
  z.object({ type: z.literal('REJECT'), error: z.string() }),
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
    phase: gamePhaseSchema,
    player: z.string().optional(),
    target: z.number().optional(),
    text: z.string(),
  }),
  z.object({ type: z.literal('SETTINGS'), cmdId: z.string(), settings: deviceSettingsSchema }),
  z.object({ type: z.literal('TARE'), cmdId: z.string() }),
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

/** DESIGN §8: a device has this long after connecting to say HELLO. */
export const DEVICE_HELLO_TIMEOUT_MS = 5_000;
/** DESIGN §8: WEIGHT at up to 10 Hz; a little slack for jitter before messages are dropped. */
export const DEVICE_MAX_WEIGHT_HZ = 12;
