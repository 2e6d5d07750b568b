import { useMutation } from '@tanstack/react-query';
import { reportGame } from '@beerscale/contract/api/integrity';
import { call } from '../../../lib/api-client';

/** A participant reports a completed ranked game to the administrators. */
export function useReportGame(gameId: number) {
  return useMutation({
    mutationFn: (reason: string) => call(reportGame, { params: { id: gameId }, body: { reason } }),
  });
}
