import { useQuery } from '@tanstack/react-query';
import type { HomeReply } from '@beerscale/contract/home';
import { api } from '../../../lib/api-client';

export const homeKey = ['home'] as const;

export function useHome() {
  return useQuery({
    queryKey: homeKey,
    queryFn: () => api<HomeReply>('GET', '/api/home'),
    retry: false,
  });
}
