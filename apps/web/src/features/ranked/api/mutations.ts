import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RankedSetupBody } from '@beerscale/contract/games';
import { api } from '../../../lib/api-client';
import { forgetGameId } from '../../../lib/storage';
import { rankedQueryKey } from './queries';

type Call = {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The caller is out of this game once the call succeeds (cancel, leave). */
  leaves?: number;
};

/** Every lobby action is one call followed by fresh lobby data. */
export function useLobbyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: Call) =>
      api<Record<string, unknown>>(method, path, body === undefined ? {} : { body }),
    // Here rather than in the caller's onSuccess, which TanStack skips once the caller unmounts.
    onSuccess: (_reply, { leaves }) => {
      if (leaves !== undefined) forgetGameId(leaves);
    },
    // Not awaited: the refetch may unmount the caller, and TanStack then skips its onSuccess.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rankedQueryKey });
    },
  });
}

export const lobbyCalls = {
  create: (gameName: string): Call => ({ method: 'POST', path: '/api/games', body: { gameName } }),
  invite: (gameId: number, playerId: number): Call => ({
    method: 'POST',
    path: `/api/games/${gameId}/invites`,
    body: { playerId },
  }),
  cancelInvite: (gameId: number, inviteId: number): Call => ({
    method: 'DELETE',
    path: `/api/games/${gameId}/invites/${inviteId}`,
  }),
  kick: (gameId: number, playerId: number): Call => ({
    method: 'POST',
    path: `/api/games/${gameId}/participants/${playerId}/kick`,
  }),
  leave: (gameId: number): Call => ({
    method: 'POST',
    path: `/api/games/${gameId}/leave`,
    leaves: gameId,
  }),
  cancel: (gameId: number): Call => ({
    method: 'POST',
    path: `/api/games/${gameId}/cancel`,
    leaves: gameId,
  }),
  setup: (gameId: number, body: RankedSetupBody): Call => ({
    method: 'POST',
    path: `/api/games/${gameId}/setup-ranked`,
    body,
  }),
  start: (gameId: number, body: RankedSetupBody): Call => ({
    method: 'POST',
    path: `/api/games/${gameId}/start-ranked`,
    body,
  }),
};
