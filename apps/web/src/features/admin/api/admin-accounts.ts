import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ADMIN_ACCOUNTS_PAGE } from '@beerscale/contract/account';
import {
  adminAccounts,
  adminResetLink,
  disableAccount,
  enableAccount,
} from '@beerscale/contract/api/account';
import { call } from '../../../lib/api-client';

/** The prefix of every page of every search: invalidating it refreshes them all. */
export const adminAccountsQueryKey = ['admin', 'accounts'] as const;

/** One page of the accounts matching `search` (everyone for an empty one). */
export const adminAccountsQueryOptions = (search: string, offset: number) =>
  queryOptions({
    queryKey: [...adminAccountsQueryKey, search, offset],
    queryFn: () =>
      call(adminAccounts, { query: { search, limit: ADMIN_ACCOUNTS_PAGE.default, offset } }),
    placeholderData: keepPreviousData,
  });

export function useAdminAccounts(search: string, offset: number) {
  return useQuery(adminAccountsQueryOptions(search, offset));
}

/** A one-time link (30 minutes) the administrator hands over; the list does not change. */
export function useResetLink() {
  return useMutation({
    mutationFn: (userId: number) => call(adminResetLink, { params: { id: userId } }),
  });
}

/** Disable or enable, then a fresh list (the account's flag changed). */
export function useAccountSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, disable }: { userId: number; disable: boolean }) =>
      call(disable ? disableAccount : enableAccount, { params: { id: userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAccountsQueryKey }),
  });
}
