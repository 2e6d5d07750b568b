import { homeReplySchema } from '../home';
import { eloHistoryReplySchema } from '../play';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

export const home = {
  method: 'GET',
  path: '/api/home',
  access: 'authenticated',
  summary: "The caller's dashboard: statistics and recent games",
  replies: { 200: homeReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const eloHistory = {
  method: 'GET',
  path: '/api/users/{id}/elo-history',
  access: 'authenticated',
  summary: "A player's rating after each rated game",
  params: idParams,
  replies: { 200: eloHistoryReplySchema },
  refusals: [404],
} as const satisfies Endpoint;
