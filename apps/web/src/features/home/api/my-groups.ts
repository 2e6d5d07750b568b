import { queryOptions, useQuery } from '@tanstack/react-query';
import { myGroups } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** The player's groups with their place in each running season (the same key as /groups). */
export const homeGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['groups'], queryFn: () => call(myGroups) });

export function useHomeGroups() {
  return useQuery(homeGroupsQueryOptions());
}
