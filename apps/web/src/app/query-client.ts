import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** One cache for the whole app. Refusals (4xx) are final; a network blip or a 5xx is retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
