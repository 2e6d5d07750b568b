import { z } from 'zod';
import { RULE_MESSAGES } from './rule-messages';
import type { GameMode } from './limits';
import { CALLER_AMOUNT, ESTIMATE_GRAMS } from './rules';

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
 * GET /api/games/{id}/validate: whether a saved game id still names an open game of
 * the caller; a game the caller does not play in is reported as not existing.
 */
export const validateGameReplySchema = z.object({ exists: z.boolean(), isActive: z.boolean() });
export type ValidateGameReply = z.infer<typeof validateGameReplySchema>;

/** POST /api/games/{id}/target: the caller (or the leader) names this round's amount. */
export const callTargetBodySchema = z.strictObject({
  amount: z
    .number({ error: RULE_MESSAGES.targetAmount })
    .int(RULE_MESSAGES.targetAmount)
    .min(CALLER_AMOUNT.min, RULE_MESSAGES.targetAmount)
    .max(CALLER_AMOUNT.max, RULE_MESSAGES.targetAmount),
});
export type CallTargetBody = z.infer<typeof callTargetBodySchema>;

/** POST /api/games/{id}/give: an exact hitter (or the leader) gives one penalty to another player. */
export const givePenaltyBodySchema = z.strictObject({
  toPlayerId: z
    .number({ error: RULE_MESSAGES.giveToPlayer })
    .int(RULE_MESSAGES.giveToPlayer)
    .positive(RULE_MESSAGES.giveToPlayer),
});
export type GivePenaltyBody = z.infer<typeof givePenaltyBodySchema>;

/** POST /api/games/{id}/estimate: a player's (or the leader's) estimate of their empty container. */
export const estimateBodySchema = z.strictObject({
  playerId: z
    .number({ error: RULE_MESSAGES.estimatePlayer })
    .int(RULE_MESSAGES.estimatePlayer)
    .positive(RULE_MESSAGES.estimatePlayer),
  grams: z
    .number({ error: RULE_MESSAGES.estimateGrams })
    .int(RULE_MESSAGES.estimateGrams)
    .min(ESTIMATE_GRAMS.min, RULE_MESSAGES.estimateGrams)
    .max(ESTIMATE_GRAMS.max, RULE_MESSAGES.estimateGrams),
});
export type EstimateBody = z.infer<typeof estimateBodySchema>;

/**
 * Issue 42, the rule's one home: whether the leader may state another account's player's finale
 * estimate. In a fast game yes (its players are names at one phone, the leader acts for all); in
 * a ranked game the estimate is the player's own, and the leader stands in only for a player who
 * is away (none of their devices connected). Every player states their own, and the leader
 * anyone's without an account. The server enforces it (game-policy's mayStandInForEstimate);
 * /live offers only the estimate boxes it allows.
 */
export function leaderMayStandInForEstimate(mode: GameMode, away: boolean): boolean {
  return mode !== 'ranked' || away;
}
