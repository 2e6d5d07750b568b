import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handOverCaptain } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Hands the captain role to another member with an account. */
export function useHandOverCaptain(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => call(handOverCaptain, { params: { id }, body: { memberId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
