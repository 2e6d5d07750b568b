import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeFastGame } from '@beerscale/contract/api/fast-games';
import { call } from '../../../lib/api-client';

export const activeFastGameQueryOptions = () =>
  queryOptions({
    queryKey: ['fast-game', 'active'],
    queryFn: () => call(activeFastGame),
  });

export function useActiveFastGame() {
  return useQuery(activeFastGameQueryOptions());
}
