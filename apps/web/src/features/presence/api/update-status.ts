import { useMutation } from '@tanstack/react-query';
import type { StatusBody } from '@beerscale/contract/users';
import { setStatus } from '@beerscale/contract/api/users';
import { call } from '../../../lib/api-client';

export const updateStatusMutationKey = ['users', 'status'] as const;

/** PUT /api/users/{id}/status. */
export function updateStatus(userId: number, body: StatusBody): Promise<unknown> {
  return call(setStatus, { params: { id: userId }, body });
}

export function useUpdateStatus() {
  return useMutation({
    mutationKey: updateStatusMutationKey,
    mutationFn: ({ userId, status }: { userId: number } & StatusBody) =>
      updateStatus(userId, { status }),
  });
}
