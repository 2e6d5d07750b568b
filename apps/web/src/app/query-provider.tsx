import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session-context';
import { queryClient, setCacheOwner } from './query-client';

/**
 * TanStack Query is provided by the shells that need it (sign-in, registration, the protected
 * shell) rather than at the root, so that the landing page's first load does not carry it.
 * Every provider shares the one client, so the cache survives moving between shells of one
 * account; another account starts from an empty cache (query-client.ts).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const { userId } = useSession();
  // Before any child asks for data: its queries must be hashed with the right owner.
  setCacheOwner(userId);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
