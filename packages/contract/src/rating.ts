import { z } from 'zod';

/**
 * The rules that decide whether a ranked game moves ratings. A ranked result has to mean that
 * people weighed real drinks, so a script cannot farm ratings with typed readings, games ended
 * at once, or the same few accounts playing each other over and over.
 */
export const RATING_RULES = {
  /** A ranked game is rated only if at least this share of its readings was weighed. */
  minWeighedShare: 0.8,
  /** Finished early by the leader: rated only with at least half of the planned rounds done. */
  minRoundsShareWhenFinishedEarly: 0.5,
  /** The same two accounts move each other's rating in at most this many games … */
  pairGamesPerWindow: 3,
  /** … per this many hours. */
  pairWindowHours: 24,
  /** An account is provisional until it has this many rated games … */
  provisionalGames: 5,
  /** … against at least this many different opponents who are independent of it: … */
  provisionalOpponents: 3,
  /**
   * … each has rated games against at least this many accounts other than the player. A farmer's
   * made-up accounts play nobody but the farmer; a real group's players also play others.
   */
  independentOpponentOthers: 2,
  /** A participant may report a completed ranked game this many hours after it ended. */
  reportWindowHours: 24,
} as const;

/**
 * Why a ranked game (or a pair in it) did not move ratings: readings typed, finished early,
 * the pair's limit reached, the game cancelled, or voided by an administrator.
 */
export const RATING_REASONS = [
  'typed',
  'finished-early',
  'pair-limit',
  'cancelled',
  'voided',
] as const;
export const ratingReasonSchema = z.enum(RATING_REASONS);
export type RatingReason = z.infer<typeof ratingReasonSchema>;

/**
 * A ranked game's rating once it ended: `rated` when at least one pair of players moved each
 * other's rating; `reasons` say what kept the game, or some of its pairs, from counting.
 */
export const gameRatingSchema = z.object({
  status: z.enum(['rated', 'unrated']),
  reasons: z.array(ratingReasonSchema),
});
export type GameRating = z.infer<typeof gameRatingSchema>;

export const REPORT_REASON_MAX = 500;

/** POST /api/games/{id}/report. */
export const reportBodySchema = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(REPORT_REASON_MAX, `Reason must be at most ${REPORT_REASON_MAX} characters`),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

/** The success replies; the refusals are REPORT_REFUSALS (refusal-messages.ts). */
export const REPORT_MESSAGES = {
  reported: 'Report sent to the administrators',
  voided: 'Game voided: its rating changes were taken back',
} as const;

/** GET /api/admin/reports: reported games, newest report first. */
export const adminReportedGameSchema = z.object({
  gameId: z.number(),
  gameName: z.string(),
  completedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  reports: z.array(
    z.object({
      userId: z.number(),
      playerName: z.string(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminReportedGame = z.infer<typeof adminReportedGameSchema>;
export const adminReportsReplySchema = z.object({ games: z.array(adminReportedGameSchema) });
export type AdminReportsReply = z.infer<typeof adminReportsReplySchema>;
export const ADMIN_REPORTS_LIMIT = 100;
