import { z } from 'zod';
import { CONTAINER_TYPES, GAME_MODES } from './limits';
import { PENALTY_DRINKS, rulesSchema } from './rules';
import { drinkSchema } from './drinks';
import { gameRatingSchema } from './rating';

export const GAME_STATUSES = ['pending', 'configured', 'active', 'completed', 'cancelled'] as const;
/** A game that is not over yet: in a lobby, set up on a scale, or running. */
export const OPEN_STATUSES = ['pending', 'configured', 'active'] as const;
/** A game on a scale: set up (its scale knows who plays) or running. */
export const ON_SCALE_STATUSES = ['configured', 'active'] as const;
export const gameStatusSchema = z.enum(GAME_STATUSES);
export type GameStatus = z.infer<typeof gameStatusSchema>;

export const GAME_PHASES = [
  'INITIAL_WEIGHING',
  'DRINKING',
  'SCORING',
  'FINISHED',
  // House rules: waiting for the caller's amount, for exact hitters to give a penalty, for the
  // empty-container estimates, and the finale's placements of the empty containers.
  'CALLING',
  'GIVING',
  'ESTIMATING',
  'FINALE',
] as const;
export const gamePhaseSchema = z.enum(GAME_PHASES);
export type GamePhase = z.infer<typeof gamePhaseSchema>;

export const containerTypeSchema = z.enum(CONTAINER_TYPES, {
  error: 'Container type must be BEER_BOTTLE or BEER_CAN',
});

export const PENALTY_REASONS = [
  'farthest',
  'over',
  'under',
  'schnapszahl',
  'twins',
  'exact',
  'given',
] as const;
export type PenaltyReason = (typeof PENALTY_REASONS)[number];

/** One penalty: the round it was drunk for (the finale counts as the round after the last). */
export const penaltyEntrySchema = z.object({
  round: z.number(),
  reason: z.enum(PENALTY_REASONS),
  /** Who gave it (reason 'given'). */
  fromPlayerId: z.number().optional(),
});
export type PenaltyEntry = z.infer<typeof penaltyEntrySchema>;
/**
 * How a reading was obtained: weighed by a WiFi scale paired by code, weighed by a Bluetooth
 * scale bridged by a player's browser, or typed by the leader.
 */
export const READING_SOURCES = ['scale', 'bluetooth', 'typed'] as const;
export const readingSourceSchema = z.enum(READING_SOURCES);
export type ReadingSource = z.infer<typeof readingSourceSchema>;

/** The kind of scale a game runs on: paired by code over WiFi, or bridged over Bluetooth. */
export const SCALE_KINDS = ['wifi', 'bluetooth'] as const;
export type ScaleKind = (typeof SCALE_KINDS)[number];

/** One player's line in a game snapshot. Differences are per round, in grams. */
export const gamePlayerStateSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  playerName: z.string(),
  position: z.number(),
  isLeader: z.boolean(),
  startWeight: z.number().nullable(),
  lastWeight: z.number().nullable(),
  differences: z.array(z.number()),
  meanDifference: z.number().nullable(),
  exactMatches: z.number(),
  bestDifference: z.number().nullable(),
  rank: z.number().nullable(),
  eloBefore: z.number().nullable(),
  eloAfter: z.number().nullable(),
  /** Rounds whose reading the leader typed instead of the scale weighing it (0: full container). */
  typedRounds: z.array(z.number()),
  /**
   * What the container weighed at the end of each round, by round (0: full, before the first);
   * null for a round without a reading. The game's page shows them. Optional in the schema only
   * because a snapshot built before it existed may still be on a client; the server sends it.
   */
  weights: z.array(z.number().nullable()).optional(),
  /** House rules: penalties drunk so far (automatic and given), and why each one. */
  penalties: z.number(),
  penaltyLog: z.array(penaltyEntrySchema),
  /** Out of the game (a difference above the rules' limit): no more turns, ranks last. */
  disqualified: z.boolean(),
  /** 1..teams, or null when everyone plays alone. */
  team: z.number().nullable(),
  /** The finale's estimate of the empty container, whole grams. */
  estimate: z.number().nullable(),
  /**
   * The estimate is the leader's, standing in for a ranked player who is away: marked like a
   * typed reading and counted against the 80 % weighed rule (README.md, The rating rules). The
   * server always sends it; optional only so that a snapshot from before it still parses.
   */
  estimateStandIn: z.boolean().optional(),
  /** What the rules' scoring ranks by: mean, mean + penalties, sum, points or marks. */
  score: z.number().nullable(),
  /** How each recorded reading was obtained, one per reading in the order they were recorded. */
  sources: z.array(readingSourceSchema),
  /** What the player drinks (docs/RULES.md, "Drinks and responsible play"). */
  drink: drinkSchema,
  /** The game's penalty drink, except 'sip' for a player whose drink is below 1.2 %. */
  penaltyDrink: z.enum(PENALTY_DRINKS),
  /** Grams drunk so far, from the scale: every decrease between successive placements. */
  drankGrams: z.number(),
  /** Grams of alcohol in what was drunk (one decimal) and standard drinks of 10 g (one decimal). */
  alcoholGrams: z.number(),
  standardDrinks: z.number(),
  /** The player's own limit for the evening in standard drinks (their account's), or null. */
  eveningLimit: z.number().nullable(),
  /** Standard drinks this evening: this game plus the account's other games of the last 12 hours. */
  eveningStandardDrinks: z.number(),
  /** The evening's limit is reached: screens show a calm notice suggesting water. */
  limitReached: z.boolean(),
});
export type GamePlayerState = z.infer<typeof gamePlayerStateSchema>;

/**
 * The awards a completed game hands out (none before completion). Each names a game player
 * (`players[].id`); a tie gives the award to every player sharing the best value.
 * Values: sniper = exact matches, closest = mean difference (g, one decimal), biggestMiss =
 * largest single difference (g), steadiest = spread of the differences (standard deviation, g,
 * one decimal), biggestSip = most drunk in one round (g), mostPenalties = penalties, comeback =
 * places gained from the standings after the first round to the end.
 */
export const AWARD_IDS = [
  'sniper',
  'closest',
  'biggestMiss',
  'steadiest',
  'biggestSip',
  'mostPenalties',
  'comeback',
] as const;
export type AwardId = (typeof AWARD_IDS)[number];
export const awardSchema = z.object({
  id: z.enum(AWARD_IDS),
  playerId: z.number(),
  value: z.number(),
});
export type GameAward = z.infer<typeof awardSchema>;

/**
 * What one reader may do in a game now, as the server's game/game-policy.ts decides (issue 40):
 * start the set-up game, type the reading of the player on turn, finish, name the caller's amount,
 * give the exact hitter's penalty, state the finale estimates of `estimateFor` (players[].id),
 * share the watch link, see and release the seats on phones, offer "Play again".
 */
export const gameAbilitiesSchema = z.object({
  start: z.boolean(),
  type: z.boolean(),
  finish: z.boolean(),
  call: z.boolean(),
  give: z.boolean(),
  estimateFor: z.array(z.number()),
  shareWatchLink: z.boolean(),
  seats: z.boolean(),
  playAgain: z.boolean(),
});
export type GameAbilities = z.infer<typeof gameAbilitiesSchema>;

/** A reader who may do nothing: a scale's owner, a group member reading, a watch link. */
export const NO_GAME_ABILITIES: GameAbilities = {
  start: false,
  type: false,
  finish: false,
  call: false,
  give: false,
  estimateFor: [],
  shareWatchLink: false,
  seats: false,
  playAgain: false,
};

/**
 * A snapshot's abilities by role, computed once per state (GAME_STATE is one payload for all of
 * a game's sockets): the leader's, and for each house-rules action the players (players[].id)
 * whose own reader, their account or the phone holding their seat, may take it now.
 */
export const gameCanSchema = z.object({
  leader: gameAbilitiesSchema,
  players: z.object({
    call: z.array(z.number()),
    give: z.array(z.number()),
    estimate: z.array(z.number()),
  }),
});
export type GameCan = z.infer<typeof gameCanSchema>;

/** GET /api/games/{id}/state and the GAME_STATE socket message carry the same body. */
export const gameStateSchema = z.object({
  id: z.number(),
  name: z.string(),
  mode: z.enum(GAME_MODES),
  status: gameStatusSchema,
  phase: gamePhaseSchema.nullable(),
  round: z.number(),
  roundsPlanned: z.number(),
  target: z.number().nullable(),
  currentPlayerId: z.number().nullable(),
  scaleAddress: z.string().nullable(),
  containerType: containerTypeSchema.nullable(),
  /**
   * Ranked games once completed: false when no rating moved because every reading was typed.
   * Null for fast games and games not completed.
   */
  rated: z.boolean().nullable(),
  /** The house rules this game plays (classic for games set up without any). */
  rules: rulesSchema,
  /** The leader confirmed at set-up that everyone playing is 18 or older (needed for spirits). */
  adultsConfirmed: z.boolean(),
  /** Rules with a caller: the player who names this round's amount, else null. */
  caller: z.number().nullable(),
  /**
   * Rules with dice: this round's roll, [higher, lower], else null. A two-item array rather than
   * a tuple: the reply serialiser (fast-json-stringify) cannot write a nullable tuple's schema.
   */
  dice: z.array(z.number()).length(2).nullable(),
  players: z.array(gamePlayerStateSchema),
  /** The game's scale: 'wifi' (paired by code), 'bluetooth' (bridged), null before it has one. */
  scaleKind: z.enum(SCALE_KINDS).nullable(),
  /** The player whose browser bridges the game's Bluetooth scale; null for a WiFi scale. */
  bridgedBy: z.string().nullable(),
  /** A ranked game once it ended (completed or cancelled): whether it moved ratings, and why not. */
  rating: gameRatingSchema.nullable(),
  /** Set when an administrator voided the game's rating changes. */
  voided: z.boolean(),
  /** Awards of a completed game (empty until then). */
  awards: z.array(awardSchema),
  /** When the game ended (completed or cancelled), ISO 8601; null before. Always sent. */
  completedAt: z.string().nullable().optional(),
  /**
   * Seats on phones: the code of `/join/{code}` while the game is open (4 characters of
   * JOIN_CODE_ALPHABET), null once it ended; absent where a snapshot is built without seats.
   */
  joinCode: z.string().nullable().optional(),
  /**
   * What the leader and each player may do now (see gameCanSchema; `abilitiesOf` picks the
   * reader's). The server always sends it; optional only so that a snapshot from before it
   * still parses, and such a snapshot offers nothing.
   */
  can: gameCanSchema.optional(),
});
export type GameState = z.infer<typeof gameStateSchema>;

/**
 * The reader's own abilities in a snapshot: the leader's when the reader's account leads, else
 * those of the player the reader is (their account, or the seat a phone holds), else none. Who
 * the reader is decides this; what each role may do is the server's.
 */
export function abilitiesOf(
  game: Pick<GameState, 'players' | 'can'>,
  reader: { userId?: number | null; seatPlayerId?: number | null },
): GameAbilities {
  const can = game.can;
  if (!can) return NO_GAME_ABILITIES;
  const { userId = null, seatPlayerId = null } = reader;
  const me =
    seatPlayerId !== null
      ? game.players.find((p) => p.id === seatPlayerId)
      : userId !== null
        ? game.players.find((p) => p.userId === userId)
        : undefined;
  if (!me) return NO_GAME_ABILITIES;
  if (seatPlayerId === null && me.isLeader) return can.leader;
  return {
    ...NO_GAME_ABILITIES,
    call: can.players.call.includes(me.id),
    give: can.players.give.includes(me.id),
    estimateFor: can.players.estimate.includes(me.id) ? [me.id] : [],
  };
}
export const gameStateReplySchema = z.object({ game: gameStateSchema });

/** What the live screen and the results say about typed readings. */
export const GAME_STATE_MESSAGES = {
  typedMarker: 'typed',
  typedTitle: 'Typed by the leader, not weighed by the scale',
  notRated: 'This game was not rated: every reading was typed.',
} as const;
