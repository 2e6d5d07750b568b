import { toast } from 'react-toastify';
import { PENDING_INVITEE_ELO } from '@beerscale/contract/limits';
import { errorMessage } from '../../../lib/api-client';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { usePendingInvites } from '../api/queries';
import { formatElo } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

export function PendingInvites({ gameId }: { gameId: number }) {
  const invites = usePendingInvites(gameId, true);
  const action = useLobbyAction();
  const { t } = useT();
  if (!invites.data?.length) return null;
  return (
    <section aria-labelledby="invites-title" className="space-y-2">
      <h3 id="invites-title" className="font-bold">
        {t('ranked.pendingInvites')}
      </h3>
      <ul className="space-y-1">
        {invites.data.map((invite) => (
          <li
            key={invite.id}
            className="flex items-center justify-between gap-2 rounded-xl bg-malt-800/60 px-3 py-2"
          >
            <span>
              <span className="font-semibold">{invite.player.playerName}</span>{' '}
              <span className="text-sm text-foam-400">
                {t('ranked.elo', {
                  elo: formatElo(invite.player.currentElo ?? PENDING_INVITEE_ELO),
                })}
              </span>
            </span>
            <button
              type="button"
              className="btn-secondary min-h-9 px-3 text-sm"
              onClick={() =>
                action.mutate(lobbyCalls.cancelInvite(gameId, invite.id), {
                  onError: (err) => toast.error(errorMessage(err, t('error.CANCEL_INVITATION'))),
                })
              }
            >
              {t('ranked.cancelInvite')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
