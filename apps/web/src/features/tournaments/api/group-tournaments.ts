import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupTournaments } from '@beerscale/contract/api/tournaments';
import { call } from '../../../lib/api-client';

/** A group's tournaments, newest first (the group page's list). */
export const groupTournamentsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: ['tournaments', 'group', groupId],
    queryFn: () => call(groupTournaments, { params: { id: groupId } }),
  });

export function useGroupTournaments(groupId: number) {
  return useQuery(groupTournamentsQueryOptions(groupId));
}
