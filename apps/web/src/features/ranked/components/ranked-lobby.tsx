import { useEffect, useMemo } from 'react';
import { Hourglass } from 'lucide-react';
import { useLocation, useSearchParams } from 'wouter';
import { toast } from 'react-toastify';
import { isValidMac, macFromQuery } from '@beerscale/contract/mac-address';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { write, STORAGE_KEYS } from '../../../lib/storage';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { useActiveRankedGame, useParticipants, useRankedGame } from '../api/queries';
import { QueryState } from '../../../components/query-state';
import { NO_LOBBY_ABILITIES, type GameSummary, type Participant } from '@beerscale/contract/games';
import { CreateRankedGame } from './create-ranked-game';
import { LobbyDrink, useLobbyDrink } from './lobby-drink';
import { ParticipantList } from './participant-list';
import { PendingInvites } from './pending-invites';
import { PlayerSearch } from './player-search';
import { RankedSetup } from './ranked-setup';
import { useT } from '../../../i18n/use-t';

/**
 * `suggestedMac`: the scale this browser bridges right now (null when none); the leader's
 * set-up follows it, also when the bridge connects after the page loaded.
 */
export function RankedLobby({
  suggestedMac = null,
  suggestedCapacityGrams = null,
}: { suggestedMac?: string | null; suggestedCapacityGrams?: number | null } = {}) {
  const active = useActiveRankedGame();
  const { t } = useT();
  return (
    <QueryState query={active} errorText={t('error.FETCH_LOBBY')}>
      {(open) =>
        open ? (
          <LobbyData
            gameId={open.gameId}
            suggestedMac={suggestedMac}
            suggestedCapacityGrams={suggestedCapacityGrams}
          />
        ) : (
          <CreateRankedGame />
        )
      }
    </QueryState>
  );
}

/** The lobby needs its game and its players; either failing shows why, not a skeleton. */
function LobbyData({
  gameId,
  suggestedMac,
  suggestedCapacityGrams,
}: {
  gameId: number;
  suggestedMac: string | null;
  suggestedCapacityGrams: number | null;
}) {
  const game = useRankedGame(gameId);
  const participants = useParticipants(gameId);
  const { t } = useT();
  useEffect(() => write(STORAGE_KEYS.currentGameId, String(gameId)), [gameId]);
  return (
    <QueryState query={game} errorText={t('error.FETCH_LOBBY')}>
      {(summary) => (
        <QueryState query={participants} errorText={t('error.FETCH_LOBBY')}>
          {(players) => (
            <Lobby
              gameId={gameId}
              game={summary}
              participants={players}
              suggestedMac={suggestedMac}
              suggestedCapacityGrams={suggestedCapacityGrams}
            />
          )}
        </QueryState>
      )}
    </QueryState>
  );
}

function Lobby({
  gameId,
  game,
  participants,
  suggestedMac,
  suggestedCapacityGrams,
}: {
  gameId: number;
  game: GameSummary;
  participants: Participant[];
  suggestedMac: string | null;
  suggestedCapacityGrams: number | null;
}) {
  const { user } = useSession();
  const { t } = useT();
  const action = useLobbyAction();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const linked = useMemo(() => {
    const mac = macFromQuery(params);
    return mac && isValidMac(mac) ? mac : null;
  }, [params]);
  // What the caller may do here, as the server's policy says (the reply's `can`).
  const can = game.can ?? NO_LOBBY_ABILITIES;
  // Responsible play: the caller's own drink, changeable until the game starts.
  const ownDrink = useLobbyDrink(gameId, user?.id);
  const canChange = game.status === 'pending' || game.status === 'configured';

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="min-w-0 text-xl font-black wrap-anywhere">{game.name}</h2>
        {can.cancel ? (
          <button
            type="button"
            className="btn-danger min-h-10 text-sm"
            onClick={() => {
              if (!window.confirm(t('ranked.confirmCancel'))) return;
              action.mutate(lobbyCalls.cancel(gameId), {
                onError: (err) => toast.error(errorMessage(err, t('error.CANCEL_GAME'))),
              });
            }}
          >
            {t('ranked.cancelGame')}
          </button>
        ) : (
          <button
            type="button"
            className="btn-secondary min-h-10 text-sm"
            disabled={!can.leave}
            onClick={() =>
              action.mutate(lobbyCalls.leave(gameId), {
                onSuccess: () => toast.success(t('toast.leftGame')),
                onError: (err) => toast.error(errorMessage(err, t('error.LEAVE_GAME'))),
              })
            }
          >
            {t('ranked.leaveGame')}
          </button>
        )}
      </div>
      {/* What the players wait for, first: below the drink, the line-up and the set-up it fell
          under the fold of a laptop (issue 44 item 9). */}
      {!can.setUp && canChange && <LobbyWaiting status={game.status} />}
      {game.status === 'active' && (
        <button type="button" className="btn-primary w-full" onClick={() => navigate('/live')}>
          {t('ranked.openLive')}
        </button>
      )}
      {canChange && ownDrink && <LobbyDrink gameId={gameId} initial={ownDrink} />}
      <ParticipantList gameId={gameId} participants={participants} can={can} />
      {can.invite && (
        <div className="grid gap-5 md:grid-cols-2">
          <PlayerSearch gameId={gameId} inGame={participants.map((p) => p.id)} />
          <PendingInvites gameId={gameId} />
        </div>
      )}
      <RankedSetup
        // A set-up made elsewhere (another tab or device) refills the form with what the scale has.
        key={`${game.scale_mac}:${game.container_type}:${game.rounds_planned}`}
        game={game}
        players={[...participants].sort((a, b) => a.position - b.position).map((p) => p.playerName)}
        canSetUp={can.setUp}
        canStart={can.start}
        linkedMac={linked}
        suggestedMac={suggestedMac}
        suggestedCapacityGrams={suggestedCapacityGrams}
      />
    </div>
  );
}

/** A player's lobby says what they wait for: the leader's set-up, then the start. */
function LobbyWaiting({ status }: { status: string }) {
  const { t } = useT();
  return (
    <p
      role="status"
      className="flex items-center gap-3 rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 font-semibold text-amber-100"
    >
      <Hourglass className="size-5 shrink-0 text-amber-300" aria-hidden />
      <span className="min-w-0">
        {t(status === 'configured' ? 'ranked.status.configured' : 'ranked.status.pending')}
      </span>
    </p>
  );
}
