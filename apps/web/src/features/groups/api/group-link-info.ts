import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupLinkInfo } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** What an invite or claim link opens; public, so a visitor can read it before signing up. */
export const groupLinkInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['group-link', token],
    queryFn: () => call(groupLinkInfo, { params: { token }, anonymous: true, validate: true }),
    retry: false,
  });

export function useGroupLinkInfo(token: string) {
  return useQuery(groupLinkInfoQueryOptions(token));
}
