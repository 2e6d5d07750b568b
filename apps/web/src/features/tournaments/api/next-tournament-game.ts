import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nextTournamentGame } from '@beerscale/contract/api/tournaments';
import { call } from '../../../lib/api-client';
import { tournamentQueryOptions } from './tournament';

/** Sets the next scheduled game up on a scale; its leader starts it from /live. */
export function useNextTournamentGame(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scaleAddress: string) =>
      call(nextTournamentGame, { params: { id }, body: { scaleAddress } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: tournamentQueryOptions(id).queryKey }),
  });
}
