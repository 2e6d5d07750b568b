import { useMutation } from '@tanstack/react-query';
import { groupClaimLink } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** A one-time link for a guest to claim their history with an account. */
export function useGroupClaimLink(id: number) {
  return useMutation({
    mutationFn: (memberId: number) => call(groupClaimLink, { params: { id, memberId } }),
  });
}
