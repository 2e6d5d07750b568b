import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { leaderboardQuerySchema, leaderboardSchema } from '@beerscale/contract/leaderboard';
import { replySchema } from '../http/reply-schema';
import { parseInput } from '../http/validate';
import type { LeaderboardService } from './leaderboard.service';

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  leaderboard: LeaderboardService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  const schema = { response: { 200: replySchema(leaderboardSchema) } };
  app.get('/api/leaderboard', { preHandler: authenticated, schema }, async (request) => {
    const query = parseInput(leaderboardQuerySchema, request.query);
    return leaderboard.top(query.limit, query.includeStatus === 'true');
  });
}
