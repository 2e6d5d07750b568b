import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { activeFastGameQueryOptions } from './active-fast-game';

export function useStartFastGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: number) => api('POST', `/api/fast-game/${gameId}/start`),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: activeFastGameQueryOptions().queryKey }),
  });
}
