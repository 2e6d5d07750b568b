import { z } from 'zod';
import { GAME_NAME_MAX } from './limits';
import { containerTypeSchema } from './game-state';
import { gameScaleSchema, roundsSchema } from './fast-games';
import { VALIDATION } from './messages';
import { idParamSchema } from './users';

/** POST /api/games */
export const createGameBodySchema = z.strictObject({
  gameName: z
    .string({ error: VALIDATION.gameNameRequired })
    .trim()
    .min(1, VALIDATION.gameNameRequired)
    .max(GAME_NAME_MAX, `Game name must be ${GAME_NAME_MAX} characters or less`),
});
export type CreateGameBody = z.infer<typeof createGameBodySchema>;

/** POST /api/games/{id}/invites */
export const inviteBodySchema = z.strictObject({ playerId: idParamSchema });

/** PUT /api/games/invites/{inviteId} */
export const answerInviteBodySchema = z.strictObject({
  status: z.enum(['accepted', 'declined'], { error: "Status must be 'accepted' or 'declined'" }),
});

/** POST /api/games/{id}/setup-ranked and /start-ranked */
export const rankedSetupBodySchema = z.strictObject({
  scaleAddress: gameScaleSchema,
  containerType: containerTypeSchema,
  rounds: roundsSchema.optional(),
});
export type RankedSetupBody = z.infer<typeof rankedSetupBodySchema>;

export const gameSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  creator_id: z.number(),
  status: z.string(),
  scale_mac: z.string().nullable(),
  container_type: containerTypeSchema.nullable(),
  rounds_planned: z.number(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

export const participantSchema = z.object({
  id: z.number(),
  playerName: z.string(),
  currentElo: z.number(),
  isLeader: z.boolean(),
  position: z.number(),
});
export type Participant = z.infer<typeof participantSchema>;

export const pendingInviteSchema = z.object({
  id: z.number(),
  inviteId: z.number(),
  status: z.literal('pending'),
  player: z.object({ id: z.number(), playerName: z.string(), currentElo: z.number() }),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

export const myInviteSchema = z.object({
  id: z.number(),
  inviteId: z.number(),
  gameId: z.number(),
  gameName: z.string(),
  inviter: z.object({ playerId: z.number(), playerName: z.string() }),
});
export type MyInvite = z.infer<typeof myInviteSchema>;

/** GET /api/users/active-game */
export const activeGameReplySchema = z.object({
  activeGame: z
    .object({ gameId: z.number(), gameName: z.string(), isLeader: z.boolean(), status: z.string() })
    .nullable(),
});
export type ActiveGameReply = z.infer<typeof activeGameReplySchema>;

/** GET /api/leaderboard?includeStatus=true&limit=50 */
export const leaderboardQuerySchema = z.strictObject({
  includeStatus: z
    .enum(['true', 'false'], { error: 'includeStatus must be true or false' })
    .default('true'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 50')
    .max(50, 'Limit must be between 1 and 50')
    .default(50),
});

/** Lobby refusals SPEC §8 leaves to us, shown by the web app as they come. */
export const LOBBY_MESSAGES = {
  gameNotFound: 'Game not found',
  playerNotFound: 'Player not found',
  inviteNotFound: 'Invitation not found',
  leaderOnly: 'Only the game leader can do this',
  alreadyInOpenGame: 'You are already in an open game. Leave or finish it first.',
  playerInOpenGame: 'This player is already in another open game',
  inviteYourself: 'You cannot invite yourself',
  inviteClosed: 'This invitation is no longer open',
  gameClosed: 'This game can no longer be changed',
  leaderCannotLeave: 'The leader cannot leave the game; cancel it instead',
  leaderCannotKick: 'The leader cannot kick themselves',
  notAParticipant: 'Player is not in this game',
  orderMismatch: 'The new order must list exactly the players of the game',
} as const;
