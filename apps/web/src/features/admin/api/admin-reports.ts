import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReports, voidGame } from '@beerscale/contract/api/integrity';
import { call } from '../../../lib/api-client';

/** Reported games with their reports, newest first. */
export const adminReportsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'reports'],
    queryFn: () => call(adminReports).then((r) => r.games),
  });

export function useAdminReports() {
  return useQuery(adminReportsQueryOptions());
}

/** Voids a game: its rating changes are taken back from every participant. */
export function useVoidGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: number) => call(voidGame, { params: { id: gameId } }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: adminReportsQueryOptions().queryKey }),
  });
}
