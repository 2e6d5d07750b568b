import { leaderboardQuerySchema, leaderboardSchema } from '../leaderboard';
import type { Endpoint } from './endpoint';

export const leaderboard = {
  method: 'GET',
  path: '/api/leaderboard',
  access: 'authenticated',
  summary: 'Rated players by rating',
  query: leaderboardQuerySchema,
  replies: { 200: leaderboardSchema },
} as const satisfies Endpoint;
