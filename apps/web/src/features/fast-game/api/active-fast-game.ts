import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveFastGameReply } from '@beerscale/contract/fast-games';
import { api } from '../../../lib/api-client';

export const activeFastGameQueryOptions = () =>
  queryOptions({
    queryKey: ['fast-game', 'active'],
    queryFn: () => api<ActiveFastGameReply>('GET', '/api/fast-game/active'),
  });

export function useActiveFastGame() {
  return useQuery(activeFastGameQueryOptions());
}
