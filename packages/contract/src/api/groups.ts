import { z } from 'zod';
import {
  addGuestBodySchema,
  createGroupBodySchema,
  createGroupReplySchema,
  groupDetailSchema,
  groupGameListSchema,
  groupLeaderboardQuerySchema,
  groupLeaderboardReplySchema,
  groupLinkInfoSchema,
  groupLinkReplySchema,
  groupRecordsReplySchema,
  groupTokenBodySchema,
  groupTokenSchema,
  handOverBodySchema,
  headToHeadQuerySchema,
  headToHeadReplySchema,
  joinGroupReplySchema,
  memberIdReplySchema,
  myGroupListSchema,
  newSeasonBodySchema,
  newSeasonReplySchema,
  publicGroupReplySchema,
} from '../groups';
import { pngReplySchema } from '../cards';
import { LANGUAGES } from '../profile';
import { messageReplySchema } from '../replies';
import { idParamSchema } from '../users';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

// Groups and seasons: members only (anyone else gets 404, as if the group did not exist);
// captain-only calls answer 403 to the other members.

const memberParams = z.object({ id: idParamSchema, memberId: idParamSchema });
const tokenParams = z.object({ token: groupTokenSchema });

export const createGroup = {
  method: 'POST',
  path: '/api/groups',
  access: 'authenticated',
  summary: 'Create a group; the caller is its captain',
  body: createGroupBodySchema,
  replies: { 201: createGroupReplySchema },
} as const satisfies Endpoint;

export const myGroups = {
  method: 'GET',
  path: '/api/groups',
  access: 'authenticated',
  summary: "The caller's groups with their place in each running season",
  replies: { 200: myGroupListSchema },
} as const satisfies Endpoint;

export const groupDetail = {
  method: 'GET',
  path: '/api/groups/{id}',
  access: 'authenticated',
  summary: 'A group: members, the running season, past seasons',
  params: idParams,
  replies: { 200: groupDetailSchema },
  refusals: [404],
} as const satisfies Endpoint;

export const groupInviteLink = {
  method: 'POST',
  path: '/api/groups/{id}/invite-link',
  access: 'authenticated',
  summary: 'A new invite link (captain); the previous one stops working',
  params: idParams,
  replies: { 200: groupLinkReplySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const groupLinkInfo = {
  method: 'GET',
  path: '/api/groups/links/{token}',
  access: 'public',
  summary: 'What an invite or claim link opens, before signing in',
  params: tokenParams,
  replies: { 200: groupLinkInfoSchema },
  refusals: [404],
} as const satisfies Endpoint;

export const joinGroup = {
  method: 'POST',
  path: '/api/groups/join',
  access: 'authenticated',
  summary: "Join a group through its invite link's token",
  body: groupTokenBodySchema,
  replies: { 200: joinGroupReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;

export const addGroupGuest = {
  method: 'POST',
  path: '/api/groups/{id}/guests',
  access: 'authenticated',
  summary: 'Add a guest: a name without an account',
  params: idParams,
  body: addGuestBodySchema,
  replies: { 201: memberIdReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const groupClaimLink = {
  method: 'POST',
  path: '/api/groups/{id}/members/{memberId}/claim-link',
  access: 'authenticated',
  summary: "A one-time link that moves a guest's history to the account that opens it (captain)",
  params: memberParams,
  replies: { 200: groupLinkReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const claimGroupGuest = {
  method: 'POST',
  path: '/api/groups/claim',
  access: 'authenticated',
  summary: "Claim a guest: the guest's history becomes the caller's",
  body: groupTokenBodySchema,
  replies: { 200: joinGroupReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;

export const removeGroupMember = {
  method: 'DELETE',
  path: '/api/groups/{id}/members/{memberId}',
  access: 'authenticated',
  summary: 'Remove a member (captain), or leave (the member itself)',
  params: memberParams,
  replies: { 200: messageReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const handOverCaptain = {
  method: 'POST',
  path: '/api/groups/{id}/captain',
  access: 'authenticated',
  summary: 'Hand the captain role to another member with an account (captain)',
  params: idParams,
  body: handOverBodySchema,
  replies: { 200: messageReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const newGroupSeason = {
  method: 'POST',
  path: '/api/groups/{id}/seasons',
  access: 'authenticated',
  summary: 'End the running season and start the next (captain)',
  params: idParams,
  body: newSeasonBodySchema,
  replies: { 201: newSeasonReplySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const groupLeaderboard = {
  method: 'GET',
  path: '/api/groups/{id}/leaderboard',
  access: 'authenticated',
  summary: "A season's table (default: the running one) or the all-time table",
  params: idParams,
  query: groupLeaderboardQuerySchema,
  replies: { 200: groupLeaderboardReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const groupRecords = {
  method: 'GET',
  path: '/api/groups/{id}/records',
  access: 'authenticated',
  summary: 'Hall of fame (champion and final table per closed season) and all-time records',
  params: idParams,
  replies: { 200: groupRecordsReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const groupHeadToHead = {
  method: 'GET',
  path: '/api/groups/{id}/head-to-head',
  access: 'authenticated',
  summary: 'Two members against each other: games, wins each, mean difference each',
  params: idParams,
  query: headToHeadQuerySchema,
  replies: { 200: headToHeadReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const groupGames = {
  method: 'GET',
  path: '/api/groups/{id}/games',
  access: 'authenticated',
  summary: "The group's latest completed games",
  params: idParams,
  replies: { 200: groupGameListSchema },
  refusals: [404],
} as const satisfies Endpoint;

export const groupExport = {
  method: 'GET',
  path: '/api/groups/{id}/export.csv',
  access: 'authenticated',
  summary: 'Every group game as CSV: one row per player per game (UTF-8, with a header)',
  params: idParams,
  produces: 'text/csv',
  replies: { 200: z.string() },
  refusals: [404],
} as const satisfies Endpoint;

export const groupPublicLink = {
  method: 'POST',
  path: '/api/groups/{id}/public-link',
  access: 'authenticated',
  summary: 'Turn on (or renew) the read-only public link of the table and records (captain)',
  params: idParams,
  replies: { 200: groupLinkReplySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const revokeGroupPublicLink = {
  method: 'DELETE',
  path: '/api/groups/{id}/public-link',
  access: 'authenticated',
  summary: 'Turn the public link off (captain)',
  params: idParams,
  replies: { 200: messageReplySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const publicGroup = {
  method: 'GET',
  path: '/api/public-groups/{token}',
  access: 'public',
  summary: "A group's public read-only table and records",
  params: tokenParams,
  replies: { 200: publicGroupReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

/** The season's table as a card to share (1200 x 630 PNG), in the reader's language. */
export const groupCard = {
  method: 'GET',
  path: '/api/groups/{id}/card.png',
  access: 'authenticated',
  summary: "A group's season table as a share card: 1200 x 630 PNG",
  params: idParams,
  query: z.strictObject({
    season: groupLeaderboardQuerySchema.shape.season,
    lang: z.enum(LANGUAGES, { error: 'Language must be en or de' }).optional(),
  }),
  produces: 'image/png',
  replies: { 200: pngReplySchema },
  refusals: [404, 429],
} as const satisfies Endpoint;
