import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeGroupMember } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Removes a member (the captain), or leaves (the member itself). */
export function useRemoveGroupMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => call(removeGroupMember, { params: { id, memberId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
