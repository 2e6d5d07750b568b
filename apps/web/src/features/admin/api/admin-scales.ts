import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_SCALES_PAGE } from '@beerscale/contract/admin';
import {
  adminScales,
  assignScale,
  resetScaleKey,
  unassignScale,
} from '@beerscale/contract/api/admin';
import { call } from '../../../lib/api-client';

/** The prefix of every page of the scale list: invalidating it refreshes them all. */
export const adminScalesQueryKey = ['admin', 'scales'] as const;

/** One page of the scale list. */
export const adminScalesQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: [...adminScalesQueryKey, offset],
    queryFn: () => call(adminScales, { query: { limit: ADMIN_SCALES_PAGE.screen, offset } }),
    placeholderData: keepPreviousData,
  });

/** The previous page stays on screen while the next one loads. */
export function useAdminScales(offset: number) {
  return useQuery(adminScalesQueryOptions(offset));
}

type ScaleAction =
  | { mac: string; action: 'assign'; userId: number }
  | { mac: string; action: 'unassign' | 'reset-key' };

/** Assign, unassign and reset-key share one shape: a POST on the scale, then a fresh list. */
export function useAdminScaleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (act: ScaleAction) =>
      act.action === 'assign'
        ? call(assignScale, { params: { mac: act.mac }, body: { userId: act.userId } })
        : call(act.action === 'unassign' ? unassignScale : resetScaleKey, {
            params: { mac: act.mac },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminScalesQueryKey }),
  });
}
