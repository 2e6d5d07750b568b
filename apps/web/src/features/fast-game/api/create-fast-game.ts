import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFastGameBody } from '@beerscale/contract/fast-games';
import { api } from '../../../lib/api-client';
import { activeFastGameQueryOptions } from './active-fast-game';

export function useCreateFastGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFastGameBody) =>
      api<{ gameId: number }>('POST', '/api/fast-game', { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: activeFastGameQueryOptions().queryKey }),
  });
}
