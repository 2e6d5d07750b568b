import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFastGame } from '@beerscale/contract/api/fast-games';
import type { BodyOf } from '@beerscale/contract/api/endpoint';
import { call } from '../../../lib/api-client';
import { activeFastGameQueryOptions } from './active-fast-game';

export function useCreateFastGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createFastGame>) => call(createFastGame, { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: activeFastGameQueryOptions().queryKey }),
  });
}
