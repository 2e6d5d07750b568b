import { queryOptions, useQuery } from '@tanstack/react-query';
import { tournament } from '@beerscale/contract/api/tournaments';
import { TOURNAMENT_POLL_MS } from './tournament-watch';
import { call } from '../../../lib/api-client';

/** A tournament for its group's members: standings, schedule, the next game, what they may do. */
export const tournamentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['tournaments', id],
    queryFn: () => call(tournament, { params: { id } }),
  });

/** Read again while the night runs: its games are set up, started and completed elsewhere. */
export function useTournament(id: number) {
  return useQuery({
    ...tournamentQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.status === 'finished' ? false : TOURNAMENT_POLL_MS.page,
  });
}
