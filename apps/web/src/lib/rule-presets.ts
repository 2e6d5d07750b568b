import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulePresets } from '@beerscale/contract/api/rules';
import { call } from './api-client';

/**
 * The six house-rule presets as the server plays them (GET /api/rules/presets): both set-ups
 * (fast and ranked) offer them, so they live here rather than in one of those features. They
 * change only with a new server, so they are fetched once per page load.
 */
export const rulePresetsQueryOptions = () =>
  queryOptions({
    queryKey: ['rules', 'presets'],
    queryFn: () => call(rulePresets),
    staleTime: Infinity,
  });

export function useRulePresets() {
  return useQuery(rulePresetsQueryOptions());
}
