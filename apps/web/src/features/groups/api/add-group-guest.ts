import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addGroupGuest } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Adds a guest: a name without an account. */
export function useAddGroupGuest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(addGroupGuest, { params: { id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
