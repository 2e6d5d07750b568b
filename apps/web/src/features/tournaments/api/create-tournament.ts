import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@beerscale/contract/api/endpoint';
import { createTournament } from '@beerscale/contract/api/tournaments';
import { call } from '../../../lib/api-client';
import { groupTournamentsQueryOptions } from './group-tournaments';

export function useCreateTournament(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createTournament>) =>
      call(createTournament, { params: { id: groupId }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: groupTournamentsQueryOptions(groupId).queryKey }),
  });
}
