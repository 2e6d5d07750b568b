import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * Whose data the cache holds. Every query's key is hashed with it, so the same key of two
 * accounts (['profile'], ['home'], ['admin', 'scales', 0]) never names the same entry, and
 * changing the owner empties the cache: a shared phone never shows the next person the
 * previous account's profile, scales or administrator lists.
 */
let owner: number | null = null;

/** One cache for the whole app. Refusals (4xx) are final; a network blip or a 5xx is retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
      queryKeyHashFn: (key: QueryKey) => hashKey([owner, ...key]),
    },
    mutations: { retry: false },
  },
});

/** The signed-in account (null: none). A different one than before drops every cached query. */
export function setCacheOwner(userId: number | null): void {
  if (userId === owner) return;
  owner = userId;
  queryClient.clear();
}

/** Sign-out: nothing of the account stays in memory. */
export function clearCache(): void {
  owner = null;
  queryClient.clear();
}
