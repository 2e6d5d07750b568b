import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { SEARCH_DEBOUNCE_MS } from '@beerscale/contract/limits';
import { errorMessage } from '../../../lib/api-client';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { usePendingInvites, usePlayerSearch } from '../api/queries';
import { useDebounced } from './use-debounced';

/**
 * `inGame`: the user ids already in the lobby. They and the invited ones show their state
 * instead of Invite, which the server would refuse (409).
 */
export function PlayerSearch({ gameId, inGame }: { gameId: number; inGame: readonly number[] }) {
  const [text, setText] = useState('');
  const search = usePlayerSearch(useDebounced(text.trim(), SEARCH_DEBOUNCE_MS));
  const invites = usePendingInvites(gameId, true);
  const invited = new Set((invites.data ?? []).map((invite) => invite.player.id));
  const action = useLobbyAction();
  return (
    <section aria-labelledby="search-title" className="space-y-2">
      <h3 id="search-title" className="font-bold">
        Invite players
      </h3>
      <label htmlFor="player-search" className="sr-only">
        Search players
      </label>
      <input
        id="player-search"
        className="field-input"
        placeholder="Search players by name"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <ul className="space-y-1">
        {(search.data ?? []).map((player) => (
          <li
            key={player.id}
            className="flex items-center justify-between gap-2 rounded-xl bg-malt-800/60 px-3 py-2"
          >
            <span>
              <span className="font-semibold">{player.playerName}</span>{' '}
              <span className="text-sm text-foam-400">{Math.round(player.currentElo)} ELO</span>
            </span>
            {inGame.includes(player.id) || invited.has(player.id) ? (
              <span className="rounded-full bg-malt-700 px-3 py-1 text-sm font-semibold text-foam-200">
                {inGame.includes(player.id) ? 'In game' : 'Invited'}
              </span>
            ) : (
              <button
                type="button"
                className="btn-secondary min-h-9 px-3 text-sm"
                disabled={action.isPending}
                aria-label={`Invite ${player.playerName}`}
                onClick={() =>
                  action.mutate(lobbyCalls.invite(gameId, player.id), {
                    onSuccess: () => toast.success(`${player.playerName} invited`),
                    onError: (err) => toast.error(errorMessage(err, 'Failed to invite player')),
                  })
                }
              >
                <UserPlus className="size-4" aria-hidden /> Invite
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
