import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { SEARCH_DEBOUNCE_MS } from '@beerscale/contract/limits';
import { errorMessage } from '../../../lib/api-client';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { usePendingInvites, usePlayerSearch } from '../api/queries';
import { useDebounced } from './use-debounced';
import { formatElo } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

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
  const { t } = useT();
  return (
    <section aria-labelledby="search-title" className="space-y-2">
      <h3 id="search-title" className="font-bold">
        {t('ranked.invitePlayers')}
      </h3>
      <label htmlFor="player-search" className="sr-only">
        {t('ranked.search')}
      </label>
      <input
        id="player-search"
        className="field-input"
        placeholder={t('ranked.searchPlaceholder')}
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
              <span className="text-sm text-foam-400">
                {t('ranked.elo', { elo: formatElo(player.currentElo) })}
              </span>
            </span>
            {inGame.includes(player.id) || invited.has(player.id) ? (
              <span className="rounded-full bg-malt-700 px-3 py-1 text-sm font-semibold text-foam-200">
                {inGame.includes(player.id) ? t('ranked.inGame') : t('ranked.invited')}
              </span>
            ) : (
              <button
                type="button"
                className="btn-secondary min-h-9 px-3 text-sm"
                disabled={action.isPending}
                aria-label={t('ranked.inviteName', { name: player.playerName })}
                onClick={() =>
                  action.mutate(lobbyCalls.invite(gameId, player.id), {
                    onSuccess: () =>
                      toast.success(t('ranked.invitedToast', { name: player.playerName })),
                    onError: (err) => toast.error(errorMessage(err, t('ranked.inviteFailed'))),
                  })
                }
              >
                <UserPlus className="size-4" aria-hidden /> {t('ranked.invite')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
