import { useMutation } from '@tanstack/react-query';
import type { StatusBody } from '@beerscale/contract/users';
import { api } from '../../../lib/api-client';

export const updateStatusMutationKey = ['users', 'status'] as const;

/** PUT /api/users/{id}/status (SPEC §7). */
export function updateStatus(userId: number, body: StatusBody): Promise<unknown> {
  return api('PUT', `/api/users/${userId}/status`, { body });
}

export function useUpdateStatus() {
  return useMutation({
    mutationKey: updateStatusMutationKey,
    mutationFn: ({ userId, status }: { userId: number } & StatusBody) =>
      updateStatus(userId, { status }),
  });
}
