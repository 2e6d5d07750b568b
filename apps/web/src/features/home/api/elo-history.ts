import { queryOptions, useQuery } from '@tanstack/react-query';
import { eloHistory } from '@beerscale/contract/api/home';
import { call } from '../../../lib/api-client';
import { homeQueryOptions } from './home';

export interface EloPoint {
  gameId: number;
  gameName: string;
  eloBefore: number;
  eloAfter: number;
  recordedAt: string;
}

export const eloHistoryQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...homeQueryOptions().queryKey, 'elo-history', userId],
    queryFn: () => call(eloHistory, { params: { id: userId } }),
  });

export function useEloHistory(userId: number) {
  return useQuery(eloHistoryQueryOptions(userId));
}
