import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkScales } from '@beerscale/contract/api/scales';
import { call } from '../../../lib/api-client';

export const hasScalesQueryOptions = () =>
  queryOptions({
    queryKey: ['scale-settings', 'check'],
    queryFn: () => call(checkScales).then((r) => r.hasScales),
  });

export function useHasScales() {
  return useQuery(hasScalesQueryOptions());
}
