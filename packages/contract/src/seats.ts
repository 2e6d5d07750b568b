import { z } from 'zod';
import { gameStateSchema } from './game-state';
import { GAME_MODES } from './limits';
import { callTargetBodySchema, estimateBodySchema, givePenaltyBodySchema } from './play';
import {
  ACTION_ID_PATTERN,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  SEAT_REFUSALS,
  SEAT_TOKEN_LENGTH,
} from './seat-messages';

// Seats on phones: a game's join code, the seats it offers, and what a seat's phone may ask.

export * from './seat-messages';

/** Typed codes are forgiving: lower case and spaces around are fine; the alphabet is not. */
export const joinCodeSchema = z
  .string({ error: SEAT_REFUSALS.invalidJoinCode })
  .trim()
  .toUpperCase()
  .regex(
    new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`),
    SEAT_REFUSALS.invalidJoinCode,
  );
export const joinCodeParams = z.object({ code: joinCodeSchema });

export const seatTokenSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${SEAT_TOKEN_LENGTH}}$`), SEAT_REFUSALS.seatEnded);

/** `joinCode` in the set-up replies: the game's code while it is open, null once it ended. */
export const joinCodeReplyField = z
  .string()
  .nullable()
  .optional()
  .describe('The join code of /join/{code} while the game is open; null once it ended');

/** One seat of a game: a player of it, and whether a phone holds it (and which kind of phone). */
export const seatSchema = z.object({
  playerId: z.number(),
  name: z.string(),
  position: z.number(),
  taken: z.boolean(),
  /** The holding phone's browser and system ("Chrome on Android"), null when free. */
  heldBy: z.string().nullable(),
  /** A ranked player's seat is their own signed-in phone: it cannot be taken with the code. */
  account: z.boolean(),
});
export type Seat = z.infer<typeof seatSchema>;

/** GET /api/join/{code}: the open game behind a code and its seats (no account needed). */
export const joinInfoReplySchema = z.object({
  gameId: z.number(),
  name: z.string(),
  mode: z.enum(GAME_MODES),
  seats: z.array(seatSchema),
  /**
   * The page that shows the game to someone without a seat (`/watch/{token}`, the game's watch
   * link, made on first ask); null while a lobby is not set up yet (nothing to watch).
   */
  watchPath: z
    .string()
    .nullable()
    .optional()
    .describe("The game's watch page for latecomers without a seat; null before its set-up"),
});
export type JoinInfoReply = z.infer<typeof joinInfoReplySchema>;

/** POST /api/join/{code}: take a free seat. */
export const takeSeatBodySchema = z.strictObject({
  playerId: z
    .number({ error: SEAT_REFUSALS.notASeat })
    .int(SEAT_REFUSALS.notASeat)
    .positive(SEAT_REFUSALS.notASeat),
});
export type TakeSeatBody = z.infer<typeof takeSeatBodySchema>;
export const takeSeatReplySchema = z.object({
  seatToken: seatTokenSchema,
  playerId: z.number(),
  gameId: z.number(),
});
export type TakeSeatReply = z.infer<typeof takeSeatReplySchema>;

/** GET /api/games/{id}/seats: the code and who sits where, for the game's players. */
export const gameSeatsReplySchema = z.object({
  joinCode: z.string().nullable(),
  seats: z.array(seatSchema),
});
export type GameSeatsReply = z.infer<typeof gameSeatsReplySchema>;

/** GET /api/seat: the caller's seat and its game as it is now. */
export const mySeatReplySchema = z.object({
  gameId: z.number(),
  playerId: z.number(),
  game: gameStateSchema,
});
export type MySeatReply = z.infer<typeof mySeatReplySchema>;

export const actionIdSchema = z
  .string({ error: SEAT_REFUSALS.invalidActionId })
  .regex(ACTION_ID_PATTERN, SEAT_REFUSALS.invalidActionId);

/**
 * POST /api/seat/actions: the seat's own player's action, with an id chosen by the phone; the
 * same id sent again (a retry after a lost reply) is answered with the game as it is, not
 * applied twice. The estimate is always the seat's own player's.
 */
export const seatActionBodySchema = z.discriminatedUnion('kind', [
  callTargetBodySchema.extend({ kind: z.literal('call'), actionId: actionIdSchema }),
  givePenaltyBodySchema.extend({ kind: z.literal('give'), actionId: actionIdSchema }),
  estimateBodySchema
    .omit({ playerId: true })
    .extend({ kind: z.literal('estimate'), actionId: actionIdSchema }),
]);
export type SeatActionBody = z.infer<typeof seatActionBodySchema>;
export const seatActionReplySchema = z.object({ game: gameStateSchema });
