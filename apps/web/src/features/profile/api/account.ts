import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  exportAccount,
  mySessions,
} from '@beerscale/contract/api/account';
import type { ChangePasswordBody } from '@beerscale/contract/account';
import { call } from '../../../lib/api-client';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'sessions'],
    queryFn: () => call(mySessions),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** Ending sessions (one, or all others) changes the list: it is read again. */
function useSessionsChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export const useEndSession = () =>
  useSessionsChange((id: string) => call(endSession, { params: { id } }));

export const useEndOtherSessions = () => useSessionsChange(() => call(endOtherSessions));

/** A changed password ends the other sessions: the list is read again too. */
export const useChangePassword = () =>
  useSessionsChange((body: ChangePasswordBody) => call(changePassword, { body }));

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => call(deleteAccount, { body: { password } }),
  });
}

/** GET /api/profile/export, saved as the file the server names (a JSON document). */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await call(exportAccount);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `beerscale-my-data-${data.exportedAt.slice(0, 10)}.json`;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // Revoked after the click has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
