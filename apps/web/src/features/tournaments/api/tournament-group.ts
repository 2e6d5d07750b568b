import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupDetail } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** The group a tournament is for: its members are the form's chips (the group page's key). */
export const tournamentGroupQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['groups', id], queryFn: () => call(groupDetail, { params: { id } }) });

export function useTournamentGroup(id: number) {
  return useQuery(tournamentGroupQueryOptions(id));
}
