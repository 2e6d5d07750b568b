import {
  adminScalesQuerySchema,
  adminScalesReplySchema,
  adminUsersQuerySchema,
  adminUsersReplySchema,
  assignScaleBodySchema,
} from '../admin';
import { messageReplySchema } from '../replies';
import { pairBodySchema, pairReplySchema, pendingPairingsReplySchema } from '../scales';
import type { Endpoint } from './endpoint';
import { macParams } from './params';

export const adminScales = {
  method: 'GET',
  path: '/api/admin/scales',
  access: 'admin',
  summary: 'Every registered scale, a page at a time, newest first',
  query: adminScalesQuerySchema,
  replies: { 200: adminScalesReplySchema },
} as const satisfies Endpoint;

export const adminUsers = {
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  summary: 'Accounts by username or player name',
  query: adminUsersQuerySchema,
  replies: { 200: adminUsersReplySchema },
} as const satisfies Endpoint;

export const assignScale = {
  method: 'POST',
  path: '/api/admin/scales/{mac}/assign',
  access: 'admin',
  summary: 'Assign a scale to a user and approve it',
  params: macParams,
  body: assignScaleBodySchema,
  replies: { 200: messageReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const unassignScale = {
  method: 'POST',
  path: '/api/admin/scales/{mac}/unassign',
  access: 'admin',
  summary: 'Take a scale from its owner',
  params: macParams,
  replies: { 200: messageReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const resetScaleKey = {
  method: 'POST',
  path: '/api/admin/scales/{mac}/reset-key',
  access: 'admin',
  summary: "Forget a scale's pairing key",
  params: macParams,
  replies: { 200: messageReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const pendingPairings = {
  method: 'GET',
  path: '/api/admin/pairings',
  access: 'admin',
  summary: 'Scales showing a pairing code',
  replies: { 200: pendingPairingsReplySchema },
} as const satisfies Endpoint;

export const adminPairScale = {
  method: 'POST',
  path: '/api/admin/scales/{mac}/pair',
  access: 'admin',
  summary: 'Confirm the code any scale shows',
  params: macParams,
  body: pairBodySchema,
  replies: { 200: pairReplySchema },
  refusals: [404, 409, 429],
} as const satisfies Endpoint;
