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
