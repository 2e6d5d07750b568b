import type { Config } from '../config';
import type { Db, SyncReads } from '../db/database';
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
export function groupsFeature(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  /** SQLite's reads at once, for the group table's answers from memory (http/memory-lane.ts). */
  syncReads?: SyncReads | null;
}): GroupsFeature {
  const repo = new GroupsRepository(deps.db, deps.syncReads ?? null);
  const service = new GroupsService(repo, deps.config.publicUrl ?? null);
  return {
    service,
    register: (routes, drawTable) => registerGroupsRoutes(routes, service, drawTable),
  };
}
