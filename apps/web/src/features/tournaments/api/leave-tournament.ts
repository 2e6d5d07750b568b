import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaveTournament } from '@beerscale/contract/api/tournaments';
import { call } from '../../../lib/api-client';
import { tournamentQueryOptions } from './tournament';

/** A player who must leave is skipped for the games left. */
export function useLeaveTournament(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => call(leaveTournament, { params: { id, entryId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: tournamentQueryOptions(id).queryKey }),
  });
}
