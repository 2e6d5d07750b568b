import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinGroup } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Joins a group through its invite link's token. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(joinGroup, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
