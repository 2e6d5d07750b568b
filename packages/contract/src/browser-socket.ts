import { z } from 'zod';
import { bridgeToBrowserSchemas, bridgeToServerSchemas } from './bluetooth-bridge';
import { gameStateSchema } from './game-state';
import { ID_MAX } from './limits';
import { macSchema } from './mac';

// The browser socket at /ws?token=JWT (docs/ARCHITECTURE.md, Live channel and presence). One
// discriminated union per direction; the maps below let client and server register exhaustive,
// typed handlers.

/** One line of UPDATE_PARTICIPANT_ORDER (and of PUT /api/games/{id}/order): the array order wins. */
export const participantOrderItemSchema = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  playerName: z.string().max(100),
  position: z.number().int().min(0).max(100),
});

export const browserToServerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('SELECT_SCALE'), macAddress: macSchema }),
  z.strictObject({ type: z.literal('UNSELECT_SCALE') }),
  z.strictObject({
    type: z.literal('UPDATE_PARTICIPANT_ORDER'),
    gameId: z.number().int().positive().max(ID_MAX),
    participantOrder: z.array(participantOrderItemSchema).min(1).max(10),
  }),
  z.strictObject({ type: z.literal('PING') }),
  z.strictObject({ type: z.literal('PONG') }),
  ...bridgeToServerSchemas,
]);
export type BrowserToServer = z.infer<typeof browserToServerSchema>;

const playerRef = { gameId: z.number(), playerId: z.number(), playerName: z.string() };
const gameRef = { gameId: z.number(), gameName: z.string() };

export const serverToBrowserSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PING') }),
  z.object({ type: z.literal('PONG') }),
  z.object({ type: z.literal('ERROR'), message: z.string() }),
  z.object({
    type: z.literal('GAME_INVITATION'),
    invitationId: z.number(),
    ...gameRef,
    inviter: z.object({ playerId: z.number(), playerName: z.string() }),
  }),
  z.object({
    type: z.literal('INVITATION_RESPONSE'),
    status: z.enum(['accepted', 'declined']),
    ...playerRef,
  }),
  z.object({ type: z.literal('INVITATION_CANCELLED'), invitationId: z.number(), ...gameRef }),
  z.object({ type: z.literal('GAME_DELETED'), ...gameRef }),
  z.object({ type: z.literal('PLAYER_KICKED'), ...gameRef }),
  z.object({ type: z.literal('GAME_COMPLETED'), ...gameRef }),
  z.object({ type: z.literal('PLAYER_LEFT'), ...playerRef }),
  z.object({ type: z.literal('PLAYER_JOINED'), ...playerRef }),
  z.object({ type: z.literal('PLAYER_KICKED_NOTIFICATION'), ...playerRef }),
  z.object({ type: z.literal('RANKED_GAME_STARTED'), ...gameRef }),
  z.object({ type: z.literal('PARTICIPANTS_UPDATED'), gameId: z.number() }),
  z.object({
    type: z.literal('SCALE_DATA'),
    macAddress: z.string(),
    grams: z.number(),
    stable: z.boolean(),
    ts: z.number(),
  }),
  z.object({ type: z.literal('SCALE_STATUS'), macAddress: z.string(), connected: z.boolean() }),
  /** The scale refused a command (NACK) or never acknowledged it: told to its game's leader. */
  z.object({
    type: z.literal('SCALE_NACK'),
    macAddress: z.string(),
    command: z.string(),
    error: z.string(),
  }),
  z.object({ type: z.literal('GAME_STATE'), game: gameStateSchema }),
  ...bridgeToBrowserSchemas,
]);
export type ServerToBrowser = z.infer<typeof serverToBrowserSchema>;

export type ServerToBrowserType = ServerToBrowser['type'];
/** `ServerToBrowserMap['SCALE_DATA']` is the SCALE_DATA message, and so on. */
export type ServerToBrowserMap = {
  [K in ServerToBrowserType]: Extract<ServerToBrowser, { type: K }>;
};
export type BrowserToServerMap = {
  [K in BrowserToServer['type']]: Extract<BrowserToServer, { type: K }>;
};

/** Close codes the browser client must tell apart: only a 1008 may mean "do not reconnect". */
export const CLOSE_NORMAL = 1000;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_BIG = 1009;
