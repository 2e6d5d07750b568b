import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsers } from '@beerscale/contract/api/admin';
import { call } from '../../../lib/api-client';

export const adminUserSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['admin', 'users', text],
    queryFn: () => call(adminUsers, { query: { search: text } }).then((r) => r.users),
    enabled: text.trim().length > 0,
  });

export function useAdminUserSearch(text: string) {
  return useQuery(adminUserSearchQueryOptions(text));
}
