import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { MyInvite } from '@beerscale/contract/games';
import { TOAST_CANCEL_MS } from '@beerscale/contract/limits';
import { TOASTS } from '@beerscale/contract/messages';
import { api } from '../../lib/api-client';
import { STORAGE_KEYS, write } from '../../lib/storage';
import { useSocketEvent } from '../../lib/use-socket-event';
import { InvitationToast, invitationToastId, type Invitation } from './invitation-toast';

function showInvitation(invitation: Invitation): void {
  toast(<InvitationToast invitation={invitation} />, {
    toastId: invitationToastId(invitation.invitationId),
    autoClose: false,
    closeOnClick: false,
  });
}

/** Ranked-game notices on every protected page (SPEC §4 live events, §8 toasts, §9 timings). */
export function useGameNotices(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['ranked'] });
  const clearGame = () => {
    write(STORAGE_KEYS.currentGameId, null);
    refresh();
  };

  // Invitations that arrived while this page was closed.
  useEffect(() => {
    api<MyInvite[]>('GET', '/api/games/invites/mine')
      .then((invites) =>
        invites.forEach((i) =>
          showInvitation({
            invitationId: i.id,
            gameId: i.gameId,
            gameName: i.gameName,
            inviterName: i.inviter.playerName,
          }),
        ),
      )
      .catch(() => {
        // The live event will bring the next one.
      });
  }, []);

  useSocketEvent('GAME_INVITATION', (m) =>
    showInvitation({
      invitationId: m.invitationId,
      gameId: m.gameId,
      gameName: m.gameName,
      inviterName: m.inviter.playerName,
    }),
  );
  useSocketEvent('INVITATION_CANCELLED', (m) => {
    toast.dismiss(invitationToastId(m.invitationId));
    toast.info(TOASTS.invitationCancelled, { autoClose: TOAST_CANCEL_MS });
  });
  useSocketEvent('INVITATION_RESPONSE', (m) =>
    toast.info(TOASTS.invitationResponse(m.playerName, m.status)),
  );
  useSocketEvent('GAME_DELETED', (m) => {
    toast.info(TOASTS.gameCancelledByLeader(m.gameName), { autoClose: TOAST_CANCEL_MS });
    clearGame();
  });
  useSocketEvent('PLAYER_KICKED', () => {
    toast.error(TOASTS.youWereKicked);
    clearGame();
  });
  useSocketEvent('PLAYER_KICKED_NOTIFICATION', (m) => {
    toast.info(TOASTS.playerKicked(m.playerName));
    void queryClient.invalidateQueries({ queryKey: ['ranked', 'search'] });
    refresh();
  });
  useSocketEvent('RANKED_GAME_STARTED', (m) => {
    toast.info(TOASTS.rankedHasStarted);
    write(STORAGE_KEYS.currentGameId, String(m.gameId));
    refresh();
    navigate('/live');
  });
}
