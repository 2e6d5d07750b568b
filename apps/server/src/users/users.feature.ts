import type { DrinksFeature } from '../drinks/drinks.feature';
import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { PresenceFeature } from '../realtime/presence.feature';
import type { UsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { UsersService } from './users.service';

export interface UsersFeature {
  service: UsersService;
  register(routes: EndpointRoutes): void;
}

/** Search, lookup, the profile and the own status (a status claimed without a socket expires). */
export function usersFeature(
  { bus }: FeatureCore,
  deps: { usersRepo: UsersRepository; presence: PresenceFeature; drinks: DrinksFeature },
): UsersFeature {
  // A status claimed without any open socket (a login, a PUT) expires after the grace period.
  const expireUnheldStatus = (userId: number) => deps.presence.service.statusClaimed(userId);
  const service = new UsersService(deps.usersRepo, expireUnheldStatus, bus, deps.drinks.service);
  return { service, register: (routes) => registerUsersRoutes(routes, service) };
}
