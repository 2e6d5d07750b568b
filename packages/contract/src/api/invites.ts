import {
  answerInviteBodySchema,
  answerInviteReplySchema,
  inviteBodySchema,
  inviteReplySchema,
  lobbyActionReplySchema,
  myInviteListSchema,
  pendingInviteListSchema,
} from '../games';
import type { Endpoint } from './endpoint';
import { gameInviteParams, idParams, inviteParams } from './params';

export const myInvites = {
  method: 'GET',
  path: '/api/games/invites/mine',
  access: 'authenticated',
  summary: 'Open invitations to the caller',
  replies: { 200: myInviteListSchema },
} as const satisfies Endpoint;

export const answerInvite = {
  method: 'PUT',
  path: '/api/games/invites/{inviteId}',
  access: 'authenticated',
  summary: 'Accept or decline an invitation',
  params: inviteParams,
  body: answerInviteBodySchema,
  replies: { 200: answerInviteReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const pendingInvites = {
  method: 'GET',
  path: '/api/games/{id}/invites',
  access: 'authenticated',
  summary: "The leader's list of unanswered invitations",
  params: idParams,
  replies: { 200: pendingInviteListSchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const invitePlayer = {
  method: 'POST',
  path: '/api/games/{id}/invites',
  access: 'authenticated',
  summary: 'The leader invites a player',
  params: idParams,
  body: inviteBodySchema,
  replies: { 201: inviteReplySchema },
  refusals: [403, 404, 409, 429],
} as const satisfies Endpoint;

export const cancelInvite = {
  method: 'DELETE',
  path: '/api/games/{id}/invites/{inviteId}',
  access: 'authenticated',
  summary: 'The leader withdraws an invitation',
  params: gameInviteParams,
  replies: { 200: lobbyActionReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;
