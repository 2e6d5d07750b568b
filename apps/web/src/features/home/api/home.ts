import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeReply } from '@beerscale/contract/home';
import { api } from '../../../lib/api-client';

/** The dashboard's figures; the ELO history below them shares the prefix, so both refresh. */
export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['home'],
    queryFn: () => api<HomeReply>('GET', '/api/home'),
    retry: false,
  });

export function useHome() {
  return useQuery(homeQueryOptions());
}
