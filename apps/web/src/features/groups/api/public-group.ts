import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicGroup } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** A group's public read-only table and records (GET /api/public-groups/{token}). */
export const publicGroupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public-group', token],
    queryFn: () => call(publicGroup, { params: { token }, anonymous: true, validate: true }),
    retry: false,
  });

export function usePublicGroup(token: string) {
  return useQuery(publicGroupQueryOptions(token));
}
