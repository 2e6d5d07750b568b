import { z } from 'zod';
import { gameStateSchema } from './game-state';
import { seatTokenSchema } from './seats';

// The watch link: anyone holding `/watch/{token}` may follow one game without an account.

/** 128 random bits, base64url without padding. */
export const WATCH_TOKEN_BYTES = 16;
export const WATCH_TOKEN_LENGTH = 22;
export const watchTokenSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${WATCH_TOKEN_LENGTH}}$`), 'Invalid watch link');

/** How long a finished game's link still shows its results. */
export const WATCH_GRACE_MS = 24 * 60 * 60 * 1000;
/** Watch sockets per game (per server instance): a link shared too widely is refused. */
export const WATCH_MAX_PER_GAME = 50;
/** Watch sockets per client address (per server instance): one address cannot take a game's slots. */
export const WATCH_MAX_PER_ADDRESS = 10;

/** Path of the page a watch link opens; the socket lives at `WATCH_SOCKET_PATH?token=`. */
export const watchPagePath = (token: string) => `/watch/${token}`;
export const WATCH_SOCKET_PATH = '/ws/watch';

/**
 * A seat's phone opens the watch socket without a token in the address and names its seat in
 * its first message, within this time (a browser WebSocket sends no Authorization header, and a
 * seat token never goes in a URL).
 */
export const SEAT_GREETING_MS = 10_000;
/** Sockets one seat may hold at once (a reload's new one before the old is noticed gone). */
export const SEAT_SOCKETS_PER_SEAT = 3;

/**
 * What the watch socket takes: PING and PONG, and, as the first message of a socket opened
 * without `?token=`, SEAT with the seat's token (docs/ARCHITECTURE.md, Seats).
 */
export const watchToServerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PING') }),
  z.strictObject({ type: z.literal('PONG') }),
  z.strictObject({ type: z.literal('SEAT'), token: seatTokenSchema }),
]);
export type WatchToServer = z.infer<typeof watchToServerSchema>;
export type WatchToServerMap = {
  [K in WatchToServer['type']]: Extract<WatchToServer, { type: K }>;
};

/** POST /api/games/{id}/watch-link and .../watch-link/renew (the leader only). */
export const watchLinkReplySchema = z.object({
  token: watchTokenSchema,
  path: z.string(),
});
export type WatchLinkReply = z.infer<typeof watchLinkReplySchema>;

/** GET /api/watch/{token}: the same body as GET /api/games/{id}/state. */
export const watchStateReplySchema = z.object({ game: gameStateSchema });
export type WatchStateReply = z.infer<typeof watchStateReplySchema>;

export { WATCH_ERRORS } from './refusal-messages';
