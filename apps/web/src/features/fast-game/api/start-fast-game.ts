import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startFastGame } from '@beerscale/contract/api/fast-games';
import { call } from '../../../lib/api-client';
import { activeFastGameQueryOptions } from './active-fast-game';

export function useStartFastGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: number) => call(startFastGame, { params: { id: gameId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: activeFastGameQueryOptions().queryKey }),
  });
}
