import { useQuery } from '@tanstack/react-query';
import type { ActiveFastGameReply } from '@beerscale/contract/fast-games';
import { api } from '../../../lib/api-client';

export const activeFastGameKey = ['fast-game', 'active'] as const;

export function useActiveFastGame() {
  return useQuery({
    queryKey: activeFastGameKey,
    queryFn: () => api<ActiveFastGameReply>('GET', '/api/fast-game/active'),
  });
}
