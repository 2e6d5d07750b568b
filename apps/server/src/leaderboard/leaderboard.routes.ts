import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { leaderboardQuerySchema } from '@beerscale/contract/leaderboard';
import { parseInput } from '../http/validate';
import type { LeaderboardService } from './leaderboard.service';

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  leaderboard: LeaderboardService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  app.get('/api/leaderboard', { preHandler: authenticated }, async (request) => {
    const query = parseInput(leaderboardQuerySchema, request.query);
    return leaderboard.top(query.limit, query.includeStatus === 'true');
  });
}
