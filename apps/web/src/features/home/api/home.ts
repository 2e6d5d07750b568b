import { queryOptions, useQuery } from '@tanstack/react-query';
import { home } from '@beerscale/contract/api/home';
import { call } from '../../../lib/api-client';

/** The dashboard's figures; the ELO history below them shares the prefix, so both refresh. */
export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['home'],
    queryFn: () => call(home),
    retry: false,
  });

export function useHome() {
  return useQuery(homeQueryOptions());
}
