import { z } from 'zod';
import { playerNameSchema } from './auth';
import { VALIDATION } from './messages';
import { drinkHistorySchema, drinkInputSchema, drinkSchema, eveningLimitSchema } from './drinks';

/** GET /api/profile: the caller's own account, ratings and the scales tied to it. */
export const profileReplySchema = z.object({
  id: z.number(),
  username: z.string(),
  playerName: z.string(),
  currentElo: z.number(),
  peakElo: z.number(),
  isAdmin: z.boolean(),
  /** Ranked games whose every reading a WiFi scale paired by code weighed. */
  verifiedGames: z.number(),
  /** Games and different opponents the rating moved in and against (the provisional rule). */
  ratedGames: z.number(),
  ratedOpponents: z.number(),
  /**
   * Of those opponents, the ones independent of the caller: each has rated games against at least
   * 2 accounts other than the caller (RATING_RULES).
   */
  independentOpponents: z.number(),
  /**
   * Fewer than 5 rated games, or against fewer than 3 independent opponents: shown with "?", and
   * the profile says which of the two is missing.
   */
  provisional: z.boolean(),
  scales: z.array(
    z.object({
      mac: z.string(),
      /** Assigned to and approved for the caller: scale settings are open. */
      approved: z.boolean(),
    }),
  ),
  /** The drink a ranked game starts the player with (changeable in each lobby). */
  defaultDrink: drinkSchema,
  /** The player's limit for an evening in standard drinks, or null for none. */
  eveningLimit: z.number().nullable(),
  /** What the scale weighed the player drink: in total and per month. */
  drinking: drinkHistorySchema,
});
export type ProfileReply = z.infer<typeof profileReplySchema>;

/** The languages of the web app and of the scale's DISPLAY texts; English is the fixed wording. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * PUT /api/profile: the player name (at most 10 characters) and/or the language the player
 * reads, which the scale's DISPLAY texts follow in games they lead.
 */
export const profileBodySchema = z
  .strictObject({
    playerName: playerNameSchema.optional(),
    language: z.enum(LANGUAGES).optional(),
    /** Responsible play: the default drink and the evening limit (null: none). */
    defaultDrink: drinkInputSchema.optional(),
    eveningLimit: eveningLimitSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: VALIDATION.playerNameRequired,
  });
export type ProfileBody = z.infer<typeof profileBodySchema>;
