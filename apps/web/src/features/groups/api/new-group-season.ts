import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newGroupSeason } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Ends the running season and starts the next, with an optional name. */
export function useNewGroupSeason(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(newGroupSeason, { params: { id }, body: name.trim() ? { name } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
