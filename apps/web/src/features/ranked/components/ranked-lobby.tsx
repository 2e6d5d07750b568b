import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { isValidMac, macFromQuery } from '@beerscale/contract/mac';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { write, STORAGE_KEYS } from '../../../lib/storage';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { useActiveRankedGame, useParticipants, useRankedGame } from '../api/queries';
import { CreateRankedGame } from './create-ranked-game';
import { ParticipantList } from './participant-list';
import { PendingInvites } from './pending-invites';
import { PlayerSearch } from './player-search';
import { RankedSetup } from './ranked-setup';
import { useT } from '../../../i18n/use-t';

export function RankedLobby() {
  const active = useActiveRankedGame();
  const { t } = useT();
  if (active.isPending)
    return (
      <div
        className="h-40 animate-pulse rounded-xl bg-malt-800/60"
        aria-label={t('common.loading')}
      />
    );
  if (!active.data) return <CreateRankedGame />;
  return <Lobby gameId={active.data.gameId} />;
}

function Lobby({ gameId }: { gameId: number }) {
  const { user } = useSession();
  const game = useRankedGame(gameId);
  const { t } = useT();
  const participants = useParticipants(gameId);
  const action = useLobbyAction();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => write(STORAGE_KEYS.currentGameId, String(gameId)), [gameId]);
  const linked = useMemo(() => {
    const mac = macFromQuery(params);
    return mac && isValidMac(mac) ? mac : null;
  }, [params]);
  if (!game.data || !participants.data)
    return (
      <div
        className="h-40 animate-pulse rounded-xl bg-malt-800/60"
        aria-label={t('common.loading')}
      />
    );
  const isLeader = game.data.creator_id === user?.id;
  const canChange = game.data.status === 'pending' || game.data.status === 'configured';

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-black">{game.data.name}</h2>
        {isLeader ? (
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
            disabled={!canChange}
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
      {game.data.status === 'active' && (
        <button type="button" className="btn-primary w-full" onClick={() => navigate('/live')}>
          {t('ranked.openLive')}
        </button>
      )}
      <ParticipantList
        gameId={gameId}
        participants={participants.data}
        isLeader={isLeader}
        canChange={canChange}
      />
      {isLeader && canChange && (
        <div className="grid gap-5 md:grid-cols-2">
          <PlayerSearch gameId={gameId} inGame={participants.data.map((p) => p.id)} />
          <PendingInvites gameId={gameId} />
        </div>
      )}
      <RankedSetup
        // A set-up made elsewhere (another tab or device) refills the form with what the scale has.
        key={`${game.data.scale_mac}:${game.data.container_type}:${game.data.rounds_planned}`}
        game={game.data}
        playerCount={participants.data.length}
        isLeader={isLeader && canChange}
        linkedMac={linked}
      />
    </div>
  );
}
