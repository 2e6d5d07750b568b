import { useMutation } from '@tanstack/react-query';
import { groupInviteLink } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** A new invite link; the previous one stops working. */
export function useGroupInviteLink(id: number) {
  return useMutation({ mutationFn: () => call(groupInviteLink, { params: { id } }) });
}
