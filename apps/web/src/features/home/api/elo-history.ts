import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface EloPoint {
  gameId: number;
  gameName: string;
  eloBefore: number;
  eloAfter: number;
  recordedAt: string;
}

export function useEloHistory(userId: number) {
  return useQuery({
    queryKey: ['home', 'elo-history', userId],
    queryFn: () => api<EloPoint[]>('GET', `/api/users/${userId}/elo-history`),
  });
}
