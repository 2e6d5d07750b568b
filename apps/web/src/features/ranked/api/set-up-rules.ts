import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameState } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';
import { rankedGameQueryOptions } from './queries';

/**
 * The house rules a set-up lobby will play. The lobby's summary does not carry them, so they
 * come from the game's snapshot; under the game's key, so any lobby change refreshes them.
 * Start sends the set-up again, and must send these rules, not the form's default.
 */
export const setUpRulesQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...rankedGameQueryOptions(gameId).queryKey, 'rules'],
    queryFn: () => call(gameState, { params: { id: gameId } }).then((r) => r.game.rules),
  });

export function useSetUpRules(gameId: number, configured: boolean) {
  return useQuery({ ...setUpRulesQueryOptions(gameId), enabled: configured });
}
