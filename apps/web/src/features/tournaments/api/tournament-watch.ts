import { queryOptions, useQuery } from '@tanstack/react-query';
import { tournamentWatch } from '@beerscale/contract/api/tournaments';
import { ApiError, call } from '../../../lib/api-client';

/** How often the table screen and the tournament's page read it again. */
export const TOURNAMENT_POLL_MS = { screen: 2500, page: 5000 } as const;

/** GET /api/tournament-watch/{token}: no account, no session check (a TV has no session). */
export const tournamentWatchQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['tournament-watch', token],
    queryFn: ({ signal }) =>
      call(tournamentWatch, {
        params: { token },
        anonymous: true,
        sessionCheck: false,
        validate: true,
        signal,
      }),
  });

/** The table screen polls every 2.5 s, the finished night too (the captain may finish it late). */
export function useTournamentWatch(token: string) {
  return useQuery({
    ...tournamentWatchQueryOptions(token),
    refetchInterval: TOURNAMENT_POLL_MS.screen,
    // A link that opens no tournament stays refused; a failed read is tried again.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });
}
