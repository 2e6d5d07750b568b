import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupPublicLink, revokeGroupPublicLink } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Turns the read-only public link on (or renews it). */
export function useGroupPublicLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(groupPublicLink, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', id] }),
  });
}

/** Turns the public link off. */
export function useRevokeGroupPublicLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(revokeGroupPublicLink, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', id] }),
  });
}
