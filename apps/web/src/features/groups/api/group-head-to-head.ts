import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupHeadToHead } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Two members against each other; asked only once two different members are chosen. */
export const groupHeadToHeadQueryOptions = (id: number, a: number, b: number) =>
  queryOptions({
    queryKey: ['groups', id, 'head-to-head', a, b],
    queryFn: () => call(groupHeadToHead, { params: { id }, query: { a, b } }),
  });

export function useGroupHeadToHead(id: number, a: number | null, b: number | null) {
  return useQuery({
    ...groupHeadToHeadQueryOptions(id, a ?? 0, b ?? 0),
    enabled: a !== null && b !== null && a !== b,
  });
}
