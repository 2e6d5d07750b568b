import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupRecords } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** The hall of fame (champion per closed season) and the all-time records. */
export const groupRecordsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['groups', id, 'records'],
    queryFn: () => call(groupRecords, { params: { id } }),
  });

export function useGroupRecords(id: number) {
  return useQuery(groupRecordsQueryOptions(id));
}
