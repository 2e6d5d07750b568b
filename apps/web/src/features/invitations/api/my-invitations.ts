import { queryOptions } from '@tanstack/react-query';
import { myInvites } from '@beerscale/contract/api/invites';
import { call } from '../../../lib/api-client';

/** The caller's open invitations: those that arrived while no page was open. */
export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['invitations', 'mine'],
    queryFn: () => call(myInvites),
    // Asked afresh on every start of a session's pages: a cached list may be another session's.
    staleTime: 0,
  });
