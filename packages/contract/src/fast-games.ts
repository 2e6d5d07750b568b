import { z } from 'zod';
import { FAST_PLAYER_SLOTS, FAST_PLAYERS_MIN, PLAYER_NAME_MAX, ROUNDS } from './limits';
import { containerTypeSchema } from './game-state';
import { VALIDATION } from './messages';
import { rulesInputSchema, rulesSchema } from './rules';
import { hasHiddenCharacters, normalizeName, sameNameKey } from './names';
import { NAME_REFUSALS } from './refusal-messages';
import { adultsConfirmedSchema, drinkInputSchema } from './drinks';
import { GROUP_REFUSALS } from './group-messages';
import { idParamSchema } from './users';
import { joinCodeReplyField } from './seats';

const MAC_MESSAGE = VALIDATION.invalidMac;

const PLAYER_TEXT = 'Player names must be text';
const playerNameTextSchema = z.string({ error: PLAYER_TEXT }).max(100);

/**
 * One fast-game player as sent: a plain name (SPEC's body), or `{ name, drink }` (the drink
 * defaults to beer 5.0 %; docs/RULES.md "Drinks and responsible play").
 */
/**
 * A union names only "Invalid input"; an entry's refusal is the one of the form it came closest
 * to (fewest issues; a plain name's wrong type does not count), so a bad drink says what is bad.
 */
function closestEntryError(issue: { code?: string; errors?: unknown }): string | undefined {
  if (issue.code !== 'invalid_union' || !Array.isArray(issue.errors)) return undefined;
  const branches = (issue.errors as { code: string; path: unknown[]; message: string }[][]).filter(
    (branch) =>
      !(branch.length === 1 && branch[0]!.code === 'invalid_type' && !branch[0]!.path.length),
  );
  const closest = branches.sort((a, b) => a.length - b.length)[0];
  return closest?.[0]?.message ?? PLAYER_TEXT;
}

export const fastGamePlayerEntrySchema = z.union(
  [
    playerNameTextSchema,
    z.strictObject({ name: playerNameTextSchema, drink: drinkInputSchema.optional() }),
    // A group game's member: the name comes from the group (docs/ARCHITECTURE.md, Groups).
    z.strictObject({ memberId: idParamSchema, drink: drinkInputSchema.optional() }),
  ],
  { error: closestEntryError },
);
export type FastGamePlayerEntry = z.input<typeof fastGamePlayerEntrySchema>;

/** Fast game: the empty rows of the form are dropped before the count is checked. */
export const fastGamePlayersSchema = z
  .array(fastGamePlayerEntrySchema, {
    error: VALIDATION.atLeastOneMorePlayer,
  })
  .transform((entries) =>
    entries
      .map(
        (entry): { name: string; drink?: z.output<typeof drinkInputSchema>; memberId?: number } =>
          typeof entry === 'string'
            ? { name: normalizeName(entry.trim()) }
            : 'memberId' in entry
              ? { name: '', memberId: entry.memberId, drink: entry.drink }
              : { name: normalizeName(entry.name.trim()), drink: entry.drink },
      )
      .filter((player) => player.memberId !== undefined || player.name.length > 0),
  )
  .refine((players) => players.length >= FAST_PLAYERS_MIN, VALIDATION.atLeastOneMorePlayer)
  .refine((players) => players.length <= FAST_PLAYER_SLOTS, VALIDATION.tooManyPlayers)
  .refine(
    (players) => named(players).every(({ name }) => name.length <= PLAYER_NAME_MAX),
    VALIDATION.playerNameLength,
  )
  .refine(
    (players) => !named(players).some(({ name }) => hasHiddenCharacters(name)),
    VALIDATION.playerNameHiddenCharacters,
  )
  .refine(
    (players) =>
      new Set(named(players).map(({ name }) => sameNameKey(name))).size === named(players).length,
    NAME_REFUSALS.namesDifferOnlyInCase,
  )
  .refine((players) => {
    const members = players.flatMap((p) => (p.memberId === undefined ? [] : [p.memberId]));
    return new Set(members).size === members.length;
  }, GROUP_REFUSALS.memberInLineUpTwice);

/** The entries given by name (a group game's members are named by the group). */
function named<P extends { memberId?: number }>(players: P[]): P[] {
  return players.filter((p) => p.memberId === undefined);
}

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
    `Players in turn order, each a name or { name, drink }, 2 to 10 after empty entries are dropped. ${FAST_GAME_LEADER_NOTE}`,
  ),
  scaleAddress: gameScaleSchema,
  containerType: containerTypeSchema,
  rounds: roundsSchema.optional(),
  /** House rules; missing means classic. Teams are assigned in the order of `players`. */
  rules: rulesInputSchema.optional(),
  adultsConfirmed: adultsConfirmedSchema,
  /** A group game: only the group's members set one up; `{ memberId }` players are members. */
  groupId: idParamSchema.optional(),
});
export type CreateFastGameBody = z.infer<typeof createFastGameBodySchema>;

export const createFastGameReplySchema = z.object({
  gameId: z.number(),
  /** DESIGN's seats: the new game's join code (docs/ARCHITECTURE.md, Seats). */
  joinCode: joinCodeReplyField,
});

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
      joinCode: joinCodeReplyField,
      /**
       * What the caller may do with it, as game/game-policy.ts decides: start it, set it up
       * again. The server always sends it (optional for older replies).
       */
      can: z.object({ start: z.boolean(), update: z.boolean() }).optional(),
    })
    .nullable(),
});
export type ActiveFastGameReply = z.infer<typeof activeFastGameReplySchema>;

/** POST /api/fast-game/{id}/start */
export const startFastGameReplySchema = z.object({
  gameId: z.number(),
  status: z.literal('active'),
});
