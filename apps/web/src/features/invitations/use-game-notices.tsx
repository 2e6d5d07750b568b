import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { MyInvite } from '@beerscale/contract/games';
import { TOAST_CANCEL_MS } from '@beerscale/contract/limits';
import { api } from '../../lib/api-client';
import { forgetGameId, STORAGE_KEYS, write } from '../../lib/storage';
import { useSocketEvent } from '../../lib/use-socket-event';
import { InvitationToast, invitationToastId, type Invitation } from './invitation-toast';
import { t } from '../../i18n/use-t';

/** The open invitation toasts by game and invitation id. */
type OpenInvitations = Map<number, Set<number>>;

function showInvitation(open: OpenInvitations, invitation: Invitation): void {
  const { gameId, invitationId } = invitation;
  open.set(gameId, (open.get(gameId) ?? new Set()).add(invitationId));
  toast(<InvitationToast invitation={invitation} />, {
    toastId: invitationToastId(invitationId),
    autoClose: false,
    closeOnClick: false,
    onClose: () => open.get(gameId)?.delete(invitationId),
  });
}

function dismissInvitationsTo(open: OpenInvitations, gameId: number): void {
  for (const invitationId of open.get(gameId) ?? []) toast.dismiss(invitationToastId(invitationId));
  open.delete(gameId);
}

/** Ranked-game notices on every protected page (SPEC §4 live events, §8 toasts, §9 timings). */
export function useGameNotices(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The open invitation toasts by game: they never close by themselves (SPEC §9), so a game
  // that goes away must take its invitation with it.
  const openByGame = useRef<OpenInvitations>(new Map());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['ranked'] });
  const clearGame = (gameId: number) => {
    forgetGameId(gameId);
    dismissInvitationsTo(openByGame.current, gameId);
    refresh();
  };

  // Invitations that arrived while this page was closed.
  useEffect(() => {
    const open = openByGame.current;
    api<MyInvite[]>('GET', '/api/games/invites/mine')
      .then((invites) =>
        invites.forEach((i) =>
          showInvitation(open, {
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
    showInvitation(openByGame.current, {
      invitationId: m.invitationId,
      gameId: m.gameId,
      gameName: m.gameName,
      inviterName: m.inviter.playerName,
    }),
  );
  useSocketEvent('INVITATION_CANCELLED', (m) => {
    toast.dismiss(invitationToastId(m.invitationId));
    openByGame.current.get(m.gameId)?.delete(m.invitationId);
    toast.info(t('toast.invitationCancelled'), { autoClose: TOAST_CANCEL_MS });
  });
  useSocketEvent('INVITATION_RESPONSE', (m) =>
    toast.info(t('toast.invitationResponse', { player: m.playerName, status: m.status })),
  );
  useSocketEvent('GAME_DELETED', (m) => {
    toast.info(t('toast.gameCancelledByLeader', { name: m.gameName }), {
      autoClose: TOAST_CANCEL_MS,
    });
    clearGame(m.gameId);
  });
  useSocketEvent('PLAYER_KICKED', (m) => {
    toast.error(t('toast.youWereKicked'));
    clearGame(m.gameId);
  });
  useSocketEvent('PLAYER_KICKED_NOTIFICATION', (m) => {
    toast.info(t('toast.playerKicked', { player: m.playerName }));
    void queryClient.invalidateQueries({ queryKey: ['ranked', 'search'] });
    refresh();
  });
  // The scale refused what it was told (or never answered): the leader can act on it.
  useSocketEvent('SCALE_NACK', (m) =>
    toast.error(t('notice.scaleNack', { mac: m.macAddress, command: m.command, error: m.error })),
  );
  useSocketEvent('RANKED_GAME_STARTED', (m) => {
    toast.info(t('toast.rankedHasStarted'));
    write(STORAGE_KEYS.currentGameId, String(m.gameId));
    refresh();
    navigate('/live');
  });
}
