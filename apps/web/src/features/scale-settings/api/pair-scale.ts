import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ownScalesQueryOptions } from '../../../lib/own-scales';

/** The owner confirms the code their scale shows (POST /api/scale-settings/scales/{mac}/pair). */
export function usePairScale(mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api('POST', `/api/scale-settings/scales/${mac}/pair`, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownScalesQueryOptions().queryKey }),
  });
}
