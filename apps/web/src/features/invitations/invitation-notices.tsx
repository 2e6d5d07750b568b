import { toast } from 'react-toastify';
import { TOAST_CANCEL_MS } from '@beerscale/contract/limits';
import { InvitationToast, invitationToastId, type Invitation } from './invitation-toast';
import { t } from '../../i18n/use-t';

export interface InvitationNotices {
  /** An invitation toast that stays until answered or withdrawn: it must not be missed. */
  show(invitation: Invitation): void;
  /** The leader withdrew it: the toast goes and a short notice says so. */
  withdrawn(gameId: number, invitationId: number): void;
  /** The game went away (cancelled, or the reader was kicked): its invitations go with it. */
  dismissGame(gameId: number): void;
}

/**
 * The open invitation toasts of one session, by game: they never close by themselves, so the
 * toasts of a game that goes away must be found and closed.
 */
export function createInvitationNotices(): InvitationNotices {
  const open = new Map<number, Set<number>>();
  return {
    show(invitation) {
      const { gameId, invitationId } = invitation;
      open.set(gameId, (open.get(gameId) ?? new Set()).add(invitationId));
      toast(<InvitationToast invitation={invitation} />, {
        toastId: invitationToastId(invitationId),
        autoClose: false,
        closeOnClick: false,
        onClose: () => open.get(gameId)?.delete(invitationId),
      });
    },
    withdrawn(gameId, invitationId) {
      toast.dismiss(invitationToastId(invitationId));
      open.get(gameId)?.delete(invitationId);
      toast.info(t('toast.invitationCancelled'), { autoClose: TOAST_CANCEL_MS });
    },
    dismissGame(gameId) {
      for (const invitationId of open.get(gameId) ?? []) {
        toast.dismiss(invitationToastId(invitationId));
      }
      open.delete(gameId);
    },
  };
}
