import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createGroup } from '@beerscale/contract/api/groups';
import type { CreateGroupBody } from '@beerscale/contract/groups';
import { call } from '../../../lib/api-client';

/** Creates a group with the caller as its captain. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBody) => call(createGroup, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
