import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const hasScalesQueryOptions = () =>
  queryOptions({
    queryKey: ['scale-settings', 'check'],
    queryFn: () =>
      api<{ hasScales: boolean }>('GET', '/api/scale-settings/check-scales').then(
        (r) => r.hasScales,
      ),
  });

export function useHasScales() {
  return useQuery(hasScalesQueryOptions());
}
