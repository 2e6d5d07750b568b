import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query is provided by the shells that need it (sign-in, registration, the protected
 * shell) rather than at the root, so that the landing page's first load does not carry it.
 * Every provider shares the one client, so the cache survives moving between shells.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
