import { useMutation, useQueryClient } from '@tanstack/react-query';
import { finishTournament } from '@beerscale/contract/api/tournaments';
import { call } from '../../../lib/api-client';

/** The captain ends the night: unplayed games are dropped (the page and the group's list). */
export function useFinishTournament(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(finishTournament, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tournaments'] }),
  });
}
