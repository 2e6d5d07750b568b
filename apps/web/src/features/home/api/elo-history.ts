import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
    queryFn: () => api<EloPoint[]>('GET', `/api/users/${userId}/elo-history`),
  });

export function useEloHistory(userId: number) {
  return useQuery(eloHistoryQueryOptions(userId));
}
