import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimGroupGuest } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Claims a guest through a claim link: the guest's history becomes the caller's. */
export function useClaimGroupGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(claimGroupGuest, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
