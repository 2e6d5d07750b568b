import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SCALES_PAGE, type AdminScalesReply } from '@beerscale/contract/admin';
import { api } from '../../../lib/api-client';

export const adminScalesKey = ['admin', 'scales'] as const;

/** One page of the scale list; the previous page stays on screen while the next one loads. */
export function useAdminScales(offset: number) {
  return useQuery({
    queryKey: [...adminScalesKey, offset],
    queryFn: () =>
      api<AdminScalesReply>(
        'GET',
        `/api/admin/scales?limit=${ADMIN_SCALES_PAGE.screen}&offset=${offset}`,
      ),
    placeholderData: keepPreviousData,
  });
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminScalesKey }),
  });
}
