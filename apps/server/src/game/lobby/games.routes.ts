import {
  activeRankedGame,
  cancelGame,
  createGame,
  game,
  kickParticipant,
  leaveGame,
  participants,
  reorderParticipants,
  setupRanked,
  startRanked,
} from '@beerscale/contract/api/games';
import { TOASTS } from '@beerscale/contract/messages';
import type { EndpointRoutes } from '../../http/register-endpoint';
import type { GamesService } from './games.service';

/** The ranked lobby's calls (invitations are in invites.routes.ts). */
export function registerGamesRoutes(
  routes: EndpointRoutes,
  games: GamesService,
  /** A game's join code (seats/seats.feature.ts joinCodeOf): the lobby's replies carry it. */
  joinCodeOf: (gameId: number) => Promise<string | null>,
): void {
  routes.add(createGame, async ({ body, me }) => {
    const gameId = await games.create(body.gameName, me, body.groupId);
    return { gameId, joinCode: await joinCodeOf(gameId) };
  });
  routes.add(game, async ({ params, me }) => {
    const summary = await games.get(params.id, me);
    return { ...summary, joinCode: await joinCodeOf(params.id) };
  });
  routes.add(participants, async ({ params, me }) => games.participants(params.id, me));
  routes.add(reorderParticipants, async ({ params, body, me }) => {
    await games.reorder(params.id, body.participantOrder, me.user.id);
    return { message: 'Order updated' };
  });
  routes.add(kickParticipant, async ({ params, me }) => {
    await games.kick(params.id, params.playerId, me);
    return { message: 'Player kicked' };
  });
  routes.add(leaveGame, async ({ params, me }) => {
    await games.leave(params.id, me);
    return { message: TOASTS.leftGame };
  });
  routes.add(cancelGame, async ({ params, me }) => {
    await games.cancel(params.id, me);
    return { message: 'Game cancelled' };
  });
  routes.add(setupRanked, async ({ params, body, me }) => {
    await games.setup(params.id, body, me);
    return { message: TOASTS.rankedSetup, joinCode: await joinCodeOf(params.id) };
  });
  // The body is validated (as the client sends it); the game starts with what was set up,
  // except for house rules sent along, which replace the set-up's.
  routes.add(startRanked, async ({ params, body, me }) => {
    await games.start(params.id, me, body.rules, body.adultsConfirmed);
    return { message: TOASTS.rankedStarted, joinCode: await joinCodeOf(params.id) };
  });
  routes.add(activeRankedGame, async ({ me }) => games.activeGame(me));
}
