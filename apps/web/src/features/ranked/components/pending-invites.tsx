import { toast } from 'react-toastify';
import { PENDING_INVITEE_ELO } from '@beerscale/contract/limits';
import { ERRORS } from '@beerscale/contract/messages';
import { errorMessage } from '../../../lib/api-client';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { usePendingInvites } from '../api/queries';

export function PendingInvites({ gameId }: { gameId: number }) {
  const invites = usePendingInvites(gameId, true);
  const action = useLobbyAction();
  if (!invites.data?.length) return null;
  return (
    <section aria-labelledby="invites-title" className="space-y-2">
      <h3 id="invites-title" className="font-bold">
        Pending Invites
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
                {Math.round(invite.player.currentElo ?? PENDING_INVITEE_ELO)} ELO
              </span>
            </span>
            <button
              type="button"
              className="btn-secondary min-h-9 px-3 text-sm"
              onClick={() =>
                action.mutate(lobbyCalls.cancelInvite(gameId, invite.id), {
                  onError: (err) => toast.error(errorMessage(err, ERRORS.cancelInvitation)),
                })
              }
            >
              Cancel
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
