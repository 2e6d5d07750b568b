import { profileBodySchema, profileReplySchema } from '../profile';
import {
  publicUserListSchema,
  statusBodySchema,
  statusReplySchema,
  usersQuerySchema,
} from '../users';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

export const listUsers = {
  method: 'GET',
  path: '/api/users',
  access: 'authenticated',
  summary: 'Players by name prefix (or one by id), best rated first, never the caller',
  query: usersQuerySchema,
  replies: { 200: publicUserListSchema },
} as const satisfies Endpoint;

export const profile = {
  method: 'GET',
  path: '/api/profile',
  access: 'authenticated',
  summary: "The caller's account, ratings and scales",
  replies: { 200: profileReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const updateProfile = {
  method: 'PUT',
  path: '/api/profile',
  access: 'authenticated',
  summary: "Change the caller's player name and/or language",
  body: profileBodySchema,
  replies: { 200: profileReplySchema },
  // 409: the new name differs only in case from another player's in a game not started yet.
  refusals: [404, 409],
} as const satisfies Endpoint;

export const setStatus = {
  method: 'PUT',
  path: '/api/users/{id}/status',
  access: 'authenticated',
  summary: "Set the caller's own status",
  params: idParams,
  body: statusBodySchema,
  replies: { 200: statusReplySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;
