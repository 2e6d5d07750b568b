import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api-client';
import { STORAGE_KEYS, write } from '../../lib/storage';
import { t } from '../../i18n/use-t';
import { answerInvitation } from './api/answer-invitation';

export interface Invitation {
  invitationId: number;
  gameId: number;
  gameName: string;
  inviterName: string;
}

export const invitationToastId = (id: number) => `invitation-${id}`;

/** The invitation toast's body: who invites to what, with Accept and Decline. */
export function InvitationToast({ invitation }: { invitation: Invitation }) {
  const [busy, setBusy] = useState(false);
  async function answer(status: 'accepted' | 'declined') {
    setBusy(true);
    try {
      await answerInvitation(invitation.invitationId, status);
      toast.dismiss(invitationToastId(invitation.invitationId));
      if (status === 'accepted') {
        // An accepted invite switches to ranked mode and reloads the page, which opens the lobby.
        write(STORAGE_KEYS.selectedGameMode, 'ranked');
        write(STORAGE_KEYS.currentGameId, String(invitation.gameId));
        window.location.assign('/game');
      } else {
        toast.info(t('toast.invitationAnswered'));
      }
    } catch (err) {
      toast.error(errorMessage(err, t('error.RESPOND_INVITATION')));
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <p>
        <strong>{invitation.inviterName}</strong> {t('invite.invitesYou')}{' '}
        <strong>{invitation.gameName}</strong>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-primary min-h-9 px-3 text-sm"
          disabled={busy}
          onClick={() => void answer('accepted')}
        >
          {t('invite.accept')}
        </button>
        <button
          type="button"
          className="btn-secondary min-h-9 px-3 text-sm"
          disabled={busy}
          onClick={() => void answer('declined')}
        >
          {t('invite.decline')}
        </button>
      </div>
    </div>
  );
}
