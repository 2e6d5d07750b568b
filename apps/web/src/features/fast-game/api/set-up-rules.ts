import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameState } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';
import { activeFastGameQueryOptions } from './active-fast-game';

/**
 * The house rules the player's set-up fast game plays. The active game's reply does not carry
 * them, so they come from its snapshot; under the active game's key, so a new set-up refreshes
 * them. Update sends the form again and must keep these rules, not the form's default.
 */
export const setUpRulesQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...activeFastGameQueryOptions().queryKey, 'rules', gameId],
    queryFn: () => call(gameState, { params: { id: gameId } }).then((r) => r.game.rules),
  });

export function useSetUpRules(gameId: number | null) {
  return useQuery({ ...setUpRulesQueryOptions(gameId ?? 0), enabled: gameId !== null });
}
