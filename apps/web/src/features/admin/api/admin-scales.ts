import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminScale } from '@beerscale/contract/admin';
import { api } from '../../../lib/api-client';

export const adminScalesKey = ['admin', 'scales'] as const;

export function useAdminScales() {
  return useQuery({
    queryKey: adminScalesKey,
    queryFn: () => api<{ scales: AdminScale[] }>('GET', '/api/admin/scales').then((r) => r.scales),
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
