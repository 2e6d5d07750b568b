import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPairScale, pendingPairings } from '@beerscale/contract/api/admin';
import { call } from '../../../lib/api-client';
import { adminScalesQueryKey } from './admin-scales';

/** Devices showing a code now; they come and go, so the list refreshes while it is open. */
export const adminPairingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'pairings'],
    queryFn: () => call(pendingPairings).then((r) => r.pairings),
    refetchInterval: 5_000,
  });

export function useAdminPairings() {
  return useQuery(adminPairingsQueryOptions());
}

export function useAdminPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mac, code }: { mac: string; code: string }) =>
      call(adminPairScale, { params: { mac }, body: { code } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPairingsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: adminScalesQueryKey });
    },
  });
}
