import { z } from 'zod';
import { FAST_PLAYER_SLOTS, FAST_PLAYERS_MIN, PLAYER_NAME_MAX, ROUNDS } from './limits';
import { containerTypeSchema } from './game-state';
import { VALIDATION } from './messages';
import { rulesInputSchema, rulesSchema } from './rules';
import { hasHiddenCharacters, normalizeName, sameNameKey } from './names';
import { NAME_REFUSALS } from './refusal-messages';

const MAC_MESSAGE = VALIDATION.invalidMac;

/** Fast game: the empty rows of the form are dropped before the count is checked. */
export const fastGamePlayersSchema = z
  .array(z.string({ error: 'Player names must be text' }).max(100), {
    error: VALIDATION.atLeastOneMorePlayer,
  })
  .transform((names) =>
    names.map((name) => normalizeName(name.trim())).filter((name) => name.length > 0),
  )
  .refine((names) => names.length >= FAST_PLAYERS_MIN, VALIDATION.atLeastOneMorePlayer)
  .refine((names) => names.length <= FAST_PLAYER_SLOTS, VALIDATION.tooManyPlayers)
  .refine(
    (names) => names.every((name) => name.length <= PLAYER_NAME_MAX),
    VALIDATION.playerNameLength,
  )
  .refine((names) => !names.some(hasHiddenCharacters), VALIDATION.playerNameHiddenCharacters)
  .refine(
    (names) => new Set(names.map(sameNameKey)).size === names.length,
    NAME_REFUSALS.namesDifferOnlyInCase,
  );

export const roundsSchema = z.coerce
  .number({ error: 'Rounds must be a number' })
  .int('Rounds must be a whole number')
  .min(ROUNDS.min, 'Rounds must be between 1 and 10')
  .max(ROUNDS.max, 'Rounds must be between 1 and 10');

/** A scale address as the game forms send it: required and valid, one message for both. */
export const gameScaleSchema = z
  .string({ error: MAC_MESSAGE })
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[0-9A-F]{12}$/.test(value), MAC_MESSAGE);

/** POST /api/fast-game */
/** Who leads a fast game: said in the OpenAPI document of every field that lists its players. */
export const FAST_GAME_LEADER_NOTE =
  "The first player is the game's leader: always the signed-in player who sets the game up (whatever name is sent for that slot); the leader starts, steers and ends the game.";

export const createFastGameBodySchema = z.strictObject({
  players: fastGamePlayersSchema.describe(
    `Player names in turn order, 2 to 10 after empty entries are dropped. ${FAST_GAME_LEADER_NOTE}`,
  ),
  scaleAddress: gameScaleSchema,
  containerType: containerTypeSchema,
  rounds: roundsSchema.optional(),
  /** House rules; missing means classic. Teams are assigned in the order of `players`. */
  rules: rulesInputSchema.optional(),
});
export type CreateFastGameBody = z.infer<typeof createFastGameBodySchema>;

export const createFastGameReplySchema = z.object({ gameId: z.number() });

/** GET /api/fast-game/active */
export const activeFastGameReplySchema = z.object({
  activeGame: z
    .object({
      gameId: z.number(),
      status: z.string(),
      players: z.array(z.string()).describe(`Player names in turn order. ${FAST_GAME_LEADER_NOTE}`),
      scaleAddress: z.string(),
      containerType: containerTypeSchema,
      rounds: z.number(),
      /** The house rules it was set up with. */
      rules: rulesSchema,
    })
    .nullable(),
});
export type ActiveFastGameReply = z.infer<typeof activeFastGameReplySchema>;

/** POST /api/fast-game/{id}/start */
export const startFastGameReplySchema = z.object({
  gameId: z.number(),
  status: z.literal('active'),
});
