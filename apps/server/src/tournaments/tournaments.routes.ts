import {
  createTournament,
  finishTournament,
  groupTournaments,
  leaveTournament,
  nextTournamentGame,
  tournament,
  tournamentCard,
  tournamentWatch,
} from '@beerscale/contract/api/tournaments';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { TournamentsService } from './tournaments.service';

/** Thin: the rules are in tournaments.service.ts and tournament-rules.ts. */
export function registerTournamentsRoutes(
  routes: EndpointRoutes,
  tournaments: TournamentsService,
): void {
  routes.add(createTournament, async ({ params, body, me }) => ({
    id: await tournaments.create(params.id, body, me),
  }));
  routes.add(groupTournaments, async ({ params, me }) => tournaments.list(params.id, me));
  routes.add(tournament, async ({ params, me }) => tournaments.get(params.id, me));
  routes.add(nextTournamentGame, async ({ params, body, me }) => ({
    gameId: await tournaments.next(params.id, body.scaleAddress, me),
  }));
  routes.add(leaveTournament, async ({ params, me }) => {
    await tournaments.leave(params.id, params.entryId, me);
    return { message: 'Skipped for the games left' };
  });
  routes.add(finishTournament, async ({ params, me }) => {
    await tournaments.finish(params.id, me);
    return { message: 'The tournament is over' };
  });
  routes.add(tournamentWatch, async ({ params }) => tournaments.watch(params.token));
  routes.add(tournamentCard, async ({ params, query, me, request, reply }) => {
    const png = await tournaments.card(params.id, query.lang ?? 'en', me, request.ip);
    return reply.type('image/png').header('cache-control', 'private, no-cache').send(png);
  });
}
