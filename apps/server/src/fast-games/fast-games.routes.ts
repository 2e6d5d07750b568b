import { activeFastGame, createFastGame, startFastGame } from '@beerscale/contract/api/fast-games';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { FastGamesService } from './fast-games.service';

export function registerFastGameRoutes(routes: EndpointRoutes, fastGames: FastGamesService): void {
  routes.add(createFastGame, async ({ body, me }) => ({
    gameId: await fastGames.create(body, me),
  }));
  routes.add(startFastGame, async ({ params: { id }, me }) => {
    await fastGames.start(id, me);
    return { gameId: id, status: 'active' } as const;
  });
  routes.add(activeFastGame, async ({ me }) => fastGames.active(me));
}
