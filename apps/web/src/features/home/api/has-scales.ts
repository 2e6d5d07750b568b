import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useHasScales() {
  return useQuery({
    queryKey: ['scale-settings', 'check'],
    queryFn: () =>
      api<{ hasScales: boolean }>('GET', '/api/scale-settings/check-scales').then(
        (r) => r.hasScales,
      ),
  });
}
