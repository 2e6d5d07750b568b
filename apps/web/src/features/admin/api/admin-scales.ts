import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_SCALES_PAGE, type AdminScalesReply } from '@beerscale/contract/admin';
import { api } from '../../../lib/api-client';

/** The prefix of every page of the scale list: invalidating it refreshes them all. */
export const adminScalesQueryKey = ['admin', 'scales'] as const;

/** One page of the scale list. */
export const adminScalesQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: [...adminScalesQueryKey, offset],
    queryFn: () =>
      api<AdminScalesReply>(
        'GET',
        `/api/admin/scales?limit=${ADMIN_SCALES_PAGE.screen}&offset=${offset}`,
      ),
    placeholderData: keepPreviousData,
  });

/** The previous page stays on screen while the next one loads. */
export function useAdminScales(offset: number) {
  return useQuery(adminScalesQueryOptions(offset));
}

/** Assign, unassign and reset-key share one shape: a POST on the scale, then a fresh list. */
export function useAdminScaleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      mac,
      action,
      userId,
    }: {
      mac: string;
      action: 'assign' | 'unassign' | 'reset-key';
      userId?: number;
    }) => api('POST', `/api/admin/scales/${mac}/${action}`, userId ? { body: { userId } } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminScalesQueryKey }),
  });
}
