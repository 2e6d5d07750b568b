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
  // The schema documents the reply; the page is sent as bytes serialised once (json-bytes.ts).
  const schema = { response: { 200: replySchema(leaderboardSchema) } };
  app.get('/api/leaderboard', { preHandler: authenticated, schema }, async (request, reply) => {
    const query = parseInput(leaderboardQuerySchema, request.query);
    const page = await leaderboard.page(query.limit, query.includeStatus === 'true');
    return page.send(request, reply);
  });
}
