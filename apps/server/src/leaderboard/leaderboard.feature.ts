import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { PresenceFeature } from '../realtime/presence.feature';
import { invalidateLeaderboard } from './leaderboard-invalidation';
import { LeaderboardRepository } from './leaderboard.repository';
import { registerLeaderboardRoutes } from './leaderboard.routes';
import { LeaderboardService } from './leaderboard.service';

export interface LeaderboardFeature {
  service: LeaderboardService;
  register(routes: EndpointRoutes): void;
}

/** GET /api/leaderboard: pages kept until a completion, a rename, a void or a status drops them. */
export function leaderboardFeature(
  { db, bus }: FeatureCore,
  deps: { presence: Pick<PresenceFeature, 'statuses'> },
): LeaderboardFeature {
  const service = new LeaderboardService(new LeaderboardRepository(db), deps.presence.statuses);
  invalidateLeaderboard(bus, service);
  return { service, register: (routes) => registerLeaderboardRoutes(routes, service) };
}
