import type { Db } from '../db/database';
import type { EndpointRoutes } from '../http/register-endpoint';
import { TournamentsRepository } from './tournaments.repository';
import { registerTournamentsRoutes } from './tournaments.routes';
import { TournamentsService, type TournamentPorts } from './tournaments.service';

/**
 * The tournaments feature's one registration (docs/ARCHITECTURE.md, Features): a group's
 * tournaments over the groups feature and the fast-game set-up.
 */
export function registerTournamentsFeature(deps: {
  db: Db;
  routes: EndpointRoutes;
  ports: TournamentPorts;
}): TournamentsService {
  const service = new TournamentsService(new TournamentsRepository(deps.db), deps.ports);
  registerTournamentsRoutes(deps.routes, service);
  return service;
}
