import { z } from 'zod';

/** POST /api/games/{id}/measurements: the leader types the reading of the player on turn. */
export const manualMeasurementBodySchema = z.strictObject({
  grams: z
    .number({ error: 'Weight must be a number of grams' })
    .finite('Weight must be a number of grams')
    .min(0, 'Weight must be between 0 and 5000 g')
    .max(5000, 'Weight must be between 0 and 5000 g'),
});
export type ManualMeasurementBody = z.infer<typeof manualMeasurementBodySchema>;

/** GET /api/users/{id}/elo-history */
export const eloHistoryPointSchema = z.object({
  gameId: z.number(),
  gameName: z.string(),
  eloBefore: z.number(),
  eloAfter: z.number(),
  recordedAt: z.string(),
});
export const eloHistoryReplySchema = z.array(eloHistoryPointSchema);

/**
 * GET /api/games/{id}/validate (SPEC §4): whether a saved game id still names an open game of
 * the caller; a game the caller does not play in is reported as not existing.
 */
export const validateGameReplySchema = z.object({ exists: z.boolean(), isActive: z.boolean() });
export type ValidateGameReply = z.infer<typeof validateGameReplySchema>;
