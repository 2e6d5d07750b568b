import { queryOptions, useQuery } from '@tanstack/react-query';
import { awaitingScales } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';
import { SCALES_REFRESH_MS } from './scales';

/**
 * Scales the player registered with that are not theirs yet (GET /api/scale-settings/awaiting):
 * polled like the list, so a scale that starts showing its code appears within seconds.
 */
export const awaitingScalesQueryOptions = () =>
  queryOptions({
    queryKey: ['scale-settings', 'awaiting'],
    queryFn: () => call(awaitingScales).then((r) => r.scales),
  });

export function useAwaitingScales() {
  return useQuery({ ...awaitingScalesQueryOptions(), refetchInterval: SCALES_REFRESH_MS });
}
