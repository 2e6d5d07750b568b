import { queryOptions, useQuery } from '@tanstack/react-query';
import { myGroups } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** The caller's groups, with their place in each running season (GET /api/groups). */
export const myGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['groups'], queryFn: () => call(myGroups) });

export function useMyGroups() {
  return useQuery(myGroupsQueryOptions());
}
