import { z } from 'zod';
import { LEADERBOARD_LIMIT } from './limits';
import { userStatusSchema } from './users';

const LIMIT_RANGE = `Limit must be between 1 and ${LEADERBOARD_LIMIT}`;

/** GET /api/leaderboard?includeStatus=true&limit=50: the top 50 is all the screen shows. */
export const leaderboardQuerySchema = z.strictObject({
  includeStatus: z
    .enum(['true', 'false'], { error: 'includeStatus must be true or false' })
    .default('true'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, LIMIT_RANGE)
    .max(LEADERBOARD_LIMIT, LIMIT_RANGE)
    .default(LEADERBOARD_LIMIT),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/**
 * One row of the leaderboard. `status` is there unless the caller asked for
 * `includeStatus=false`; `currentElo` is unrounded (the screen rounds it).
 */
export const leaderboardEntrySchema = z.object({
  id: z.number(),
  playerName: z.string(),
  status: userStatusSchema.optional(),
  currentElo: z.number(),
  averageMeanDifference: z.number().nullable(),
  gamesPlayed: z.number(),
  gamesWon: z.number(),
  /** Ranked games whose every reading a WiFi scale paired by code weighed. */
  verifiedGames: z.number(),
  /**
   * Fewer than 5 rated games, or against fewer than 3 independent opponents (RATING_RULES): shown
   * with "?", listed after every established player.
   */
  provisional: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardSchema = z.array(leaderboardEntrySchema);
