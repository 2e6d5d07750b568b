import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFastGameBody } from '@beerscale/contract/fast-games';
import { createFastGame } from '@beerscale/contract/api/fast-games';
import { call } from '../../../lib/api-client';
import { activeFastGameQueryOptions } from './active-fast-game';

export function useCreateFastGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFastGameBody) => call(createFastGame, { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: activeFastGameQueryOptions().queryKey }),
  });
}
