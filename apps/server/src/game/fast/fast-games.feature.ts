import type { GroupsFeature } from '../../groups/groups.feature';
import type { FeatureCore } from '../../http/feature-core';
import type { EndpointRoutes } from '../../http/register-endpoint';
import type { PlayFeature } from '../play/play.feature';
import { joinCodeOf } from '../../seats/seats.feature';
import { FastGamesRepository } from './fast-games.repository';
import { registerFastGameRoutes } from './fast-games.routes';
import { FastGamesService } from './fast-games.service';

export interface FastGamesFeature {
  /** The set-up, also used by the tournaments' next game. */
  service: FastGamesService;
  /** Its endpoints; the set-up replies carry the game's join code (seats/). */
  register(routes: EndpointRoutes): void;
}

/** The fast game's set-up and start; a group's line-up through the groups feature. */
export function fastGamesFeature(
  { db, bus }: FeatureCore,
  deps: { play: PlayFeature; groups: GroupsFeature },
): FastGamesFeature {
  const service = new FastGamesService(
    db,
    new FastGamesRepository(db),
    deps.play.service,
    bus,
    deps.groups.service,
  );
  return { service, register: (routes) => registerFastGameRoutes(routes, service, joinCodeOf(db)) };
}
