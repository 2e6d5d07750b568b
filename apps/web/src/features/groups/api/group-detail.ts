import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupDetail } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** A group: members, seasons, links and what the caller may do (`can`). */
export const groupDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['groups', id], queryFn: () => call(groupDetail, { params: { id } }) });

export function useGroupDetail(id: number) {
  return useQuery(groupDetailQueryOptions(id));
}
