import {
  activeGameReplySchema,
  createGameBodySchema,
  createGameReplySchema,
  gameSummarySchema,
  lobbyActionReplySchema,
  participantListSchema,
  participantOrderBodySchema,
  rankedSetupBodySchema,
  rankedSetupReplySchema,
} from '../games';
import type { Endpoint } from './endpoint';
import { gamePlayerParams, idParams } from './params';

/** The ranked lobby (its invitations are in invites.ts). */
export const createGame = {
  method: 'POST',
  path: '/api/games',
  access: 'authenticated',
  summary: 'Open a ranked lobby led by the caller',
  body: createGameBodySchema,
  replies: { 201: createGameReplySchema },
  refusals: [409],
} as const satisfies Endpoint;

export const game = {
  method: 'GET',
  path: '/api/games/{id}',
  access: 'authenticated',
  summary: 'A ranked game: name, creator, status and set-up',
  params: idParams,
  replies: { 200: gameSummarySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const participants = {
  method: 'GET',
  path: '/api/games/{id}/participants',
  access: 'authenticated',
  summary: "A ranked game's players in turn order",
  params: idParams,
  replies: { 200: participantListSchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const reorderParticipants = {
  method: 'PUT',
  path: '/api/games/{id}/order',
  access: 'authenticated',
  summary: 'The leader sets the turn order',
  params: idParams,
  body: participantOrderBodySchema,
  replies: { 200: lobbyActionReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const kickParticipant = {
  method: 'POST',
  path: '/api/games/{id}/participants/{playerId}/kick',
  access: 'authenticated',
  summary: 'The leader removes a player from the lobby',
  params: gamePlayerParams,
  replies: { 200: lobbyActionReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const leaveGame = {
  method: 'POST',
  path: '/api/games/{id}/leave',
  access: 'authenticated',
  summary: 'A player (not the leader) leaves the lobby',
  params: idParams,
  replies: { 200: lobbyActionReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const cancelGame = {
  method: 'POST',
  path: '/api/games/{id}/cancel',
  access: 'authenticated',
  summary: 'The leader cancels the lobby',
  params: idParams,
  replies: { 200: lobbyActionReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const setupRanked = {
  method: 'POST',
  path: '/api/games/{id}/setup-ranked',
  access: 'authenticated',
  summary: 'The leader picks scale, container and rounds',
  params: idParams,
  body: rankedSetupBodySchema,
  replies: { 200: rankedSetupReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

/** The body is validated like set-up's, as the client sends it; the game starts as set up. */
export const startRanked = {
  method: 'POST',
  path: '/api/games/{id}/start-ranked',
  access: 'authenticated',
  summary: 'The leader starts the set-up game',
  params: idParams,
  body: rankedSetupBodySchema,
  replies: { 200: rankedSetupReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const activeRankedGame = {
  method: 'GET',
  path: '/api/users/active-game',
  access: 'authenticated',
  summary: "The caller's open ranked game, if any",
  replies: { 200: activeGameReplySchema },
} as const satisfies Endpoint;
