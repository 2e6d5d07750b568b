import type { Config } from '../config';
import type { Db } from '../db/database';
import type { EndpointRoutes } from '../http/register-endpoint';
import { GroupsRepository } from './groups.repository';
import { registerGroupsRoutes, type DrawTable } from './groups.routes';
import { GroupsService } from './groups.service';

export interface GroupsFeature {
  /** For the game set-ups that take a `groupId` (fast games, ranked lobbies). */
  service: GroupsService;
  /** `drawTable` draws a table card (cards/card.service.ts: kept, queued, limited per address). */
  register(routes: EndpointRoutes, drawTable: DrawTable): void;
}

/**
 * The groups feature's one registration (docs/ARCHITECTURE.md, Features): its repository and
 * service are built with the other services; its routes are registered with the others.
 */
export function groupsFeature(deps: { db: Db; config: Pick<Config, 'publicUrl'> }): GroupsFeature {
  const service = new GroupsService(new GroupsRepository(deps.db), deps.config.publicUrl ?? null);
  return {
    service,
    register: (routes, drawTable) => registerGroupsRoutes(routes, service, drawTable),
  };
}
