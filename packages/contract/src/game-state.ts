import { z } from 'zod';
import { CONTAINER_TYPES, GAME_MODES } from './limits';

export const GAME_STATUSES = ['pending', 'configured', 'active', 'completed', 'cancelled'] as const;
export const gameStatusSchema = z.enum(GAME_STATUSES);
export type GameStatus = z.infer<typeof gameStatusSchema>;

export const GAME_PHASES = ['INITIAL_WEIGHING', 'DRINKING', 'SCORING', 'FINISHED'] as const;
export const gamePhaseSchema = z.enum(GAME_PHASES);
export type GamePhase = z.infer<typeof gamePhaseSchema>;

export const containerTypeSchema = z.enum(CONTAINER_TYPES, {
  error: 'Container type must be BEER_BOTTLE or BEER_CAN',
});

/** One player's line in a game snapshot (DESIGN §7b). Differences are per round, in grams. */
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
  players: z.array(gamePlayerStateSchema),
  /** Awards of a completed game (empty until then). */
  awards: z.array(awardSchema),
});
export type GameState = z.infer<typeof gameStateSchema>;
export const gameStateReplySchema = z.object({ game: gameStateSchema });

/** What the live screen and the results say about typed readings. */
export const GAME_STATE_MESSAGES = {
  typedMarker: 'typed',
  typedTitle: 'Typed by the leader, not weighed by the scale',
  notRated: 'This game was not rated: every reading was typed.',
} as const;
