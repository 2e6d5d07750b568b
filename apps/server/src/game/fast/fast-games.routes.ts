import { activeFastGame, createFastGame, startFastGame } from '@beerscale/contract/api/fast-games';
import type { EndpointRoutes } from '../../http/register-endpoint';
import type { FastGamesService } from './fast-games.service';

/** A game's join code (seats/seats.feature.ts joinCodeOf): the set-up replies carry it. */
type JoinCodeOf = (gameId: number) => Promise<string | null>;

export function registerFastGameRoutes(
  routes: EndpointRoutes,
  fastGames: FastGamesService,
  joinCodeOf: JoinCodeOf,
): void {
  routes.add(createFastGame, async ({ body, me }) => {
    const gameId = await fastGames.create(body, me);
    return { gameId, joinCode: await joinCodeOf(gameId) };
  });
  routes.add(startFastGame, async ({ params: { id }, me }) => {
    await fastGames.start(id, me);
    return { gameId: id, status: 'active' } as const;
  });
  routes.add(activeFastGame, async ({ me }) => {
    const { activeGame } = await fastGames.active(me);
    if (!activeGame) return { activeGame };
    return { activeGame: { ...activeGame, joinCode: await joinCodeOf(activeGame.gameId) } };
  });
}
