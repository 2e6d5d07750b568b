import { queryOptions, useQuery } from '@tanstack/react-query';
import { myGroups } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** The player's groups, to choose one for the game (the same key as /groups). */
export const setupGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['groups'], queryFn: () => call(myGroups) });

export function useSetupGroups() {
  return useQuery(setupGroupsQueryOptions());
}
