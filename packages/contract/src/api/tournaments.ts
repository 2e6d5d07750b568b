import { z } from 'zod';
import { cardQuerySchema, pngReplySchema } from '../cards';
import { messageReplySchema } from '../replies';
import {
  createTournamentBodySchema,
  createTournamentReplySchema,
  nextTournamentGameBodySchema,
  nextTournamentGameReplySchema,
  tournamentListSchema,
  tournamentReplySchema,
  tournamentTokenSchema,
  tournamentWatchReplySchema,
} from '../tournaments';
import { idParamSchema } from '../users';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

// Tournament night: a group's members only (others 404); finishing is the captain's (403).

export const createTournament = {
  method: 'POST',
  path: '/api/groups/{id}/tournaments',
  access: 'authenticated',
  summary: "Start a tournament of the group's players (a grand prix or heats)",
  params: idParams,
  body: createTournamentBodySchema,
  replies: { 201: createTournamentReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;

export const groupTournaments = {
  method: 'GET',
  path: '/api/groups/{id}/tournaments',
  access: 'authenticated',
  summary: "The group's tournaments, newest first",
  params: idParams,
  replies: { 200: tournamentListSchema },
  refusals: [404],
} as const satisfies Endpoint;

export const tournament = {
  method: 'GET',
  path: '/api/tournaments/{id}',
  access: 'authenticated',
  summary: 'A tournament: standings, schedule, the next game',
  params: idParams,
  replies: { 200: tournamentReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const nextTournamentGame = {
  method: 'POST',
  path: '/api/tournaments/{id}/next',
  access: 'authenticated',
  summary: 'Set up the next scheduled game on a scale; its leader starts it as usual',
  params: idParams,
  body: nextTournamentGameBodySchema,
  replies: { 200: nextTournamentGameReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const leaveTournament = {
  method: 'POST',
  path: '/api/tournaments/{id}/entries/{entryId}/leave',
  access: 'authenticated',
  summary: 'A player who must leave is skipped for the games left (the captain, or the player)',
  params: z.object({ id: idParamSchema, entryId: idParamSchema }),
  replies: { 200: messageReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const finishTournament = {
  method: 'POST',
  path: '/api/tournaments/{id}/finish',
  access: 'authenticated',
  summary: 'End the tournament (captain): unplayed games are dropped, standings stay as they are',
  params: idParams,
  replies: { 200: messageReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

/** Public: the token is the only credential and opens this one tournament's table screen. */
export const tournamentWatch = {
  method: 'GET',
  path: '/api/tournament-watch/{token}',
  access: 'public',
  summary: "A tournament's table screen: standings, schedule, the games being played",
  params: z.object({ token: tournamentTokenSchema }),
  replies: { 200: tournamentWatchReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

/** The standings as a card to share (1200 x 630 PNG), in the reader's language. */
export const tournamentCard = {
  method: 'GET',
  path: '/api/tournaments/{id}/card.png',
  access: 'authenticated',
  summary: "A tournament's standings as a share card: 1200 x 630 PNG",
  params: idParams,
  query: cardQuerySchema,
  produces: 'image/png',
  replies: { 200: pngReplySchema },
  refusals: [404, 429],
} as const satisfies Endpoint;
