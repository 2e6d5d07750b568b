import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupGames } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** The group's latest completed games. */
export const groupGamesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['groups', id, 'games'],
    queryFn: () => call(groupGames, { params: { id } }),
  });

export function useGroupGames(id: number) {
  return useQuery(groupGamesQueryOptions(id));
}
