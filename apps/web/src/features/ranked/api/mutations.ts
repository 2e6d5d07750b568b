import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelGame,
  createGame,
  kickParticipant,
  leaveGame,
  setupRanked,
  startRanked,
} from '@beerscale/contract/api/games';
import { cancelInvite, invitePlayer } from '@beerscale/contract/api/invites';
import type { RankedSetupBody } from '@beerscale/contract/games';
import { call } from '../../../lib/api-client';
import { forgetGameId } from '../../../lib/storage';
import { rankedQueryKey } from './queries';

type LobbyCall = {
  run: () => Promise<unknown>;
  /** The caller is out of this game once the call succeeds (cancel, leave). */
  leaves?: number;
};

/** Every lobby action is one call followed by fresh lobby data. */
export function useLobbyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ run }: LobbyCall) => run(),
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
  create: (gameName: string): LobbyCall => ({
    run: () => call(createGame, { body: { gameName } }),
  }),
  invite: (gameId: number, playerId: number): LobbyCall => ({
    run: () => call(invitePlayer, { params: { id: gameId }, body: { playerId } }),
  }),
  cancelInvite: (gameId: number, inviteId: number): LobbyCall => ({
    run: () => call(cancelInvite, { params: { id: gameId, inviteId } }),
  }),
  kick: (gameId: number, playerId: number): LobbyCall => ({
    run: () => call(kickParticipant, { params: { id: gameId, playerId } }),
  }),
  leave: (gameId: number): LobbyCall => ({
    run: () => call(leaveGame, { params: { id: gameId } }),
    leaves: gameId,
  }),
  cancel: (gameId: number): LobbyCall => ({
    run: () => call(cancelGame, { params: { id: gameId } }),
    leaves: gameId,
  }),
  setup: (gameId: number, body: RankedSetupBody): LobbyCall => ({
    run: () => call(setupRanked, { params: { id: gameId }, body }),
  }),
  start: (gameId: number, body: RankedSetupBody): LobbyCall => ({
    run: () => call(startRanked, { params: { id: gameId }, body }),
  }),
};
