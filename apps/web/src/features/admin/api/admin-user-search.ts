import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@beerscale/contract/admin';
import { api } from '../../../lib/api-client';

export const adminUserSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['admin', 'users', text],
    queryFn: () =>
      api<{ users: AdminUser[] }>(
        'GET',
        `/api/admin/users?search=${encodeURIComponent(text)}`,
      ).then((r) => r.users),
    enabled: text.trim().length > 0,
  });

export function useAdminUserSearch(text: string) {
  return useQuery(adminUserSearchQueryOptions(text));
}
