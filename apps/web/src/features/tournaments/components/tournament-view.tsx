import { Flag, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TournamentReply } from '@beerscale/contract/tournaments';
import { FormError } from '../../../components/form-error';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { useFinishTournament } from '../api/finish-tournament';
import { useLeaveTournament } from '../api/leave-tournament';
import { useTournament } from '../api/tournament';
import { useTournamentGroup } from '../api/tournament-group';
import { formatName } from './labels';
import { NextGamePanel, SetUpNotice } from './next-game-panel';
import { NightAwards, Podium } from './podium';
import { SchedulePanel } from './schedule-panel';
import { ScreenLinkPanel } from './screen-link-panel';
import { ShareStandingsButton } from './share-standings-button';
import { StandingsTable } from './standings-table';

/** /tournaments/{id}: the night's standings, schedule, next game and table screen link. */
export function TournamentView({ id }: { id: number }) {
  const { t } = useT();
  const tournament = useTournament(id);
  return (
    <QueryState query={tournament} errorText={t('tournaments.loadFailed')}>
      {(reply) => <Tournament reply={reply} />}
    </QueryState>
  );
}

function Tournament({ reply }: { reply: TournamentReply }) {
  const { t } = useT();
  // Who the reader is in the group: a player may say only that they themselves must leave.
  const group = useTournamentGroup(reply.groupId);
  const myMemberId = group.data?.memberId ?? null;
  const leave = useLeaveTournament(reply.id);
  const finish = useFinishTournament(reply.id);
  const [error, setError] = useState<string | null>(null);
  const [askFinish, setAskFinish] = useState(false);
  const [setUp, setSetUp] = useState<number | null>(null);
  const finished = reply.status === 'finished';

  const leaveFor = (entryId: number) =>
    leave.mutate(entryId, {
      onSuccess: () => setError(null),
      onError: (err) => setError(errorMessage(err, t('tournaments.actionFailed'))),
    });
  const finishNow = () =>
    finish.mutate(undefined, {
      onSuccess: () => {
        setError(null);
        setAskFinish(false);
      },
      onError: (err) => setError(errorMessage(err, t('tournaments.actionFailed'))),
    });

  return (
    <div className="space-y-4">
      <Link to={`/groups/${reply.groupId}`} className="link-quiet text-sm">
        {group.data
          ? t('tournaments.backToGroup', { name: group.data.name })
          : t('tournaments.back')}
      </Link>
      <PageTitle
        subtitle={
          <>
            {formatName(reply.format)} ·{' '}
            {finished ? t('tournaments.finished') : t('tournaments.running')} ·{' '}
            {formatDateTime(reply.startedAt)}
          </>
        }
      >
        <Trophy className="mr-2 inline size-7 align-[-0.15em] text-amber-400" aria-hidden />
        {reply.name}
      </PageTitle>
      <FormError message={error} />
      {finished && (
        <div className="space-y-4">
          <Podium reply={reply} />
          <NightAwards reply={reply} />
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <StandingsTable
            reply={reply}
            leaving={leave.isPending}
            onLeave={leaveFor}
            mayLeave={(s) =>
              reply.can.leave && !s.left && (reply.can.finish || s.memberId === myMemberId)
            }
          />
          <SchedulePanel reply={reply} />
        </div>
        <div className="min-w-0 space-y-4">
          {setUp !== null && <SetUpNotice />}
          {reply.can.next && <NextGamePanel reply={reply} onSetUp={setSetUp} />}
          <ScreenLinkPanel watchPath={reply.watchPath} />
          <ShareStandingsButton id={reply.id} name={reply.name} />
          {reply.can.finish && (
            <section className="card space-y-3" aria-labelledby="tournament-finish">
              <h2 id="tournament-finish" className="text-xl font-black">
                {t('tournaments.finish')}
              </h2>
              <p className="text-sm text-foam-200">{t('tournaments.finishHint')}</p>
              {askFinish ? (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-danger"
                    disabled={finish.isPending}
                    onClick={finishNow}
                  >
                    {t('tournaments.finishYes')}
                  </button>
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => setAskFinish(false)}
                  >
                    {t('tournaments.keep')}
                  </button>
                </div>
              ) : (
                <button type="button" className="btn-secondary" onClick={() => setAskFinish(true)}>
                  <Flag className="size-4" aria-hidden />
                  {t('tournaments.finish')}
                </button>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
