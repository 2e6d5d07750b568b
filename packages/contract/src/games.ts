import { z } from 'zod';
import { GAME_NAME_MAX, GAME_PLAYERS } from './limits';
import { participantOrderItemSchema } from './browser-socket';
import { containerTypeSchema } from './game-state';
import { gameScaleSchema, roundsSchema } from './fast-games';
import { VALIDATION } from './messages';
import { hasHiddenCharacters, normalizeName } from './names';
import { rulesInputSchema, rulesSchema } from './rules';
import { adultsConfirmedSchema } from './drinks';
import { idParamSchema } from './users';
import { joinCodeReplyField } from './seats';

// The ranked lobby's REST calls: bodies are strict, replies are what the server sends.

/** POST /api/games */
export const createGameBodySchema = z.strictObject({
  gameName: z
    .string({ error: VALIDATION.gameNameRequired })
    .trim()
    .overwrite(normalizeName)
    .min(1, VALIDATION.gameNameRequired)
    .max(GAME_NAME_MAX, `Game name must be ${GAME_NAME_MAX} characters or less`)
    .refine((value) => !hasHiddenCharacters(value), VALIDATION.gameNameHiddenCharacters),
  /** A group's ranked game: only its members set one up, and only its members are invited. */
  groupId: idParamSchema.optional(),
});
export type CreateGameBody = z.infer<typeof createGameBodySchema>;
export const createGameReplySchema = z.object({
  gameId: z.number(),
  /** The lobby's join code (docs/ARCHITECTURE.md, Seats). */
  joinCode: joinCodeReplyField,
});

/** POST /api/games/{id}/invites */
export const inviteBodySchema = z.strictObject({ playerId: idParamSchema });
export const inviteReplySchema = z.object({ id: z.number() });

/** PUT /api/games/invites/{inviteId}; `gameId` comes back on accept only. */
export const answerInviteBodySchema = z.strictObject({
  status: z.enum(['accepted', 'declined'], { error: "Status must be 'accepted' or 'declined'" }),
});
export type AnswerInviteBody = z.infer<typeof answerInviteBodySchema>;
export const answerInviteReplySchema = z.object({
  status: z.enum(['accepted', 'declined']),
  gameId: z.number().optional(),
});

/**
 * POST /api/games/{id}/setup-ranked and /start-ranked. Start takes the same body because the
 * client sends it, but a game starts with what was set up.
 */
export const rankedSetupBodySchema = z.strictObject({
  scaleAddress: gameScaleSchema,
  containerType: containerTypeSchema,
  rounds: roundsSchema.optional(),
  /** House rules; missing means classic. Teams are assigned in turn order. */
  rules: rulesInputSchema.optional(),
  adultsConfirmed: adultsConfirmedSchema,
});
export type RankedSetupBody = z.infer<typeof rankedSetupBodySchema>;

/** PUT /api/games/{id}/order: the REST twin of UPDATE_PARTICIPANT_ORDER. */
export const participantOrderBodySchema = z.strictObject({
  participantOrder: z
    .array(participantOrderItemSchema, { error: 'participantOrder must be a list of players' })
    .min(1, 'participantOrder must be a list of players')
    .max(GAME_PLAYERS.max, VALIDATION.tooManyPlayers),
});
export type ParticipantOrderBody = z.infer<typeof participantOrderBodySchema>;

/** Replies of the lobby's actions, whose clients only tell success from an error. */
export const lobbyActionReplySchema = z.object({ message: z.string() });

/** POST /api/games/{id}/setup-ranked and /start-ranked: the toast, and the game's join code. */
export const rankedSetupReplySchema = lobbyActionReplySchema.extend({
  joinCode: joinCodeReplyField,
});

/**
 * What the caller may do in a lobby, as the server's game/game-policy.ts decides (issue 40):
 * cancel it, leave it, invite, change the turn order, remove the participants `kick` names
 * (their user ids), set it up, start it from its set-up.
 */
export const lobbyAbilitiesSchema = z.object({
  cancel: z.boolean(),
  leave: z.boolean(),
  invite: z.boolean(),
  reorder: z.boolean(),
  kick: z.array(z.number()),
  setUp: z.boolean(),
  start: z.boolean(),
});
export type LobbyAbilities = z.infer<typeof lobbyAbilitiesSchema>;
/** A reply without `can` (from before it) offers nothing. */
export const NO_LOBBY_ABILITIES: LobbyAbilities = {
  cancel: false,
  leave: false,
  invite: false,
  reorder: false,
  kick: [],
  setUp: false,
  start: false,
};

/** GET /api/games/{id}: the web reads name, creator_id and status; the set-up comes along. */
export const gameSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  creator_id: z.number(),
  status: z.string(),
  scale_mac: z.string().nullable(),
  container_type: containerTypeSchema.nullable(),
  rounds_planned: z.number(),
  /** The house rules the game plays: classic until the leader sets it up with others. */
  rules: rulesSchema,
  joinCode: joinCodeReplyField,
  /** What the caller may do here; the server always sends it (optional for older replies). */
  can: lobbyAbilitiesSchema.optional(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

/** GET /api/games/{id}/participants: a bare list in turn order; `id` is the user's id. */
export const participantSchema = z.object({
  id: z.number(),
  playerName: z.string(),
  currentElo: z.number(),
  isLeader: z.boolean(),
  position: z.number(),
});
export type Participant = z.infer<typeof participantSchema>;
export const participantListSchema = z.array(participantSchema);

/** GET /api/games/{id}/invites (leader): the set-up's Pending Invites list. */
export const pendingInviteSchema = z.object({
  id: z.number(),
  inviteId: z.number(),
  status: z.literal('pending'),
  player: z.object({ id: z.number(), playerName: z.string(), currentElo: z.number() }),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;
export const pendingInviteListSchema = z.array(pendingInviteSchema);

/** GET /api/games/invites/mine: open invitations of the caller, for a reload of the page. */
export const myInviteSchema = z.object({
  id: z.number(),
  inviteId: z.number(),
  gameId: z.number(),
  gameName: z.string(),
  inviter: z.object({ playerId: z.number(), playerName: z.string() }),
});
export type MyInvite = z.infer<typeof myInviteSchema>;
export const myInviteListSchema = z.array(myInviteSchema);

/** GET /api/users/active-game: the caller's open ranked game. */
export const activeGameReplySchema = z.object({
  activeGame: z
    .object({ gameId: z.number(), gameName: z.string(), isLeader: z.boolean(), status: z.string() })
    .nullable(),
});
export type ActiveGameReply = z.infer<typeof activeGameReplySchema>;

export { LOBBY_MESSAGES } from './refusal-messages';
