import { queryOptions } from '@tanstack/react-query';
import type { MyInvite } from '@beerscale/contract/games';
import { api } from '../../../lib/api-client';

/** The caller's open invitations: those that arrived while no page was open. */
export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['invitations', 'mine'],
    queryFn: () => api<MyInvite[]>('GET', '/api/games/invites/mine'),
    // Asked afresh on every start of a session's pages: a cached list may be another session's.
    staleTime: 0,
  });
