import { leaderboard } from '@beerscale/contract/api/leaderboard';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { LeaderboardService } from './leaderboard.service';

export function registerLeaderboardRoutes(
  routes: EndpointRoutes,
  service: LeaderboardService,
): void {
  // The page is sent as bytes serialised once (json-bytes.ts); the schema documents them.
  routes.add(
    leaderboard,
    async ({ query, request, reply }) => {
      const page = await service.page(query.limit, query.includeStatus === 'true');
      return page.send(request, reply);
    },
    { fromMemory: ({ query }) => service.pageAtHand(query.limit, query.includeStatus === 'true') },
  );
}
