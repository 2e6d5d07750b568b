import { Trophy } from 'lucide-react';
import { tournamentTokenSchema, type TournamentWatchReply } from '@beerscale/contract/tournaments';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { useWakeLock } from '../../../lib/use-wake-lock';
import { useTournamentWatch } from '../api/tournament-watch';
import { changeText, formatName, gameLabel, nowAndNext } from './labels';
import { LiveGameCard } from './live-game-card';
import { NightClock } from './night-clock';
import { NightAwards, Podium } from './podium';

/** Standings rows that fit beside the games on a 1280 x 800 screen at 24 px and more. */
const SHOWN_ROWS = 10;

/**
 * /t/{token}: the tournament's table screen for a TV or a laptop, no account: the standings with
 * the last game's change, the games on the scales now (live), the next game, and the night's
 * clock; the podium and the awards once it is over. Read from 3 m: no text below 24 px on a
 * large screen, nothing below the fold at 1280 x 800.
 */
export function TournamentScreen({ token }: { token: string }) {
  const valid = tournamentTokenSchema.safeParse(token).success;
  if (!valid) return <InvalidLink />;
  return <Screen token={token} />;
}

function InvalidLink() {
  const { t } = useT();
  return (
    <main className="mx-auto grid min-h-dvh max-w-xl place-items-center px-4">
      <section className="card text-center">
        <h1 className="text-3xl font-black">{t('tournaments.screenInvalid')}</h1>
        <p className="mt-2 text-2xl text-foam-200">{t('tournaments.screenInvalidHint')}</p>
      </section>
    </main>
  );
}

function Screen({ token }: { token: string }) {
  const { t } = useT();
  const query = useTournamentWatch(token);
  const reply = query.data;
  useWakeLock(reply?.status === 'running');
  if (!reply) {
    if (query.error instanceof ApiError && query.error.status === 404) return <InvalidLink />;
    if (query.isError) {
      return (
        <main className="mx-auto grid min-h-dvh max-w-xl place-items-center px-4">
          <p role="alert" className="card text-center text-3xl font-black">
            {t('tournaments.screenFailed')}
          </p>
        </main>
      );
    }
    return <FullPageSpinner />;
  }
  const finished = reply.status === 'finished';
  return (
    <main
      className="mx-auto min-h-dvh max-w-none space-y-4 px-4 py-3 text-2xl"
      data-testid="tournament-screen"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <h1 className="flex min-w-0 items-center gap-3 text-4xl font-black tracking-tight 2xl:text-5xl">
          <Trophy className="size-10 shrink-0 text-amber-400" aria-hidden />
          <span className="min-w-0 wrap-anywhere">{reply.name}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-2xl lg:text-3xl">
          <span className="text-foam-300">{formatName(reply.format)}</span>
          <NightClock
            startedAt={reply.startedAt}
            finishedAt={reply.finishedAt}
            now={reply.now}
            readAt={query.dataUpdatedAt}
          />
        </div>
      </header>
      {query.isError && (
        <p role="status" className="rounded-2xl bg-red-500/15 px-4 py-2 text-2xl text-red-200">
          {t('tournaments.screenStale')}
        </p>
      )}
      {finished ? <Finished reply={reply} /> : <Running reply={reply} />}
    </main>
  );
}

function StandingsBoard({ reply, rows }: { reply: TournamentWatchReply; rows: number }) {
  const { t } = useT();
  const shown = reply.standings.slice(0, rows);
  const more = reply.standings.length - shown.length;
  return (
    <section className="card p-4 md:p-5" aria-labelledby="screen-standings">
      <h2 id="screen-standings" className="text-3xl font-black">
        {t('tournaments.standings')}
      </h2>
      <table className="mt-2 w-full table-fixed text-2xl 2xl:text-3xl">
        <colgroup>
          <col className="w-14 2xl:w-16" />
          <col />
          <col className="w-20 2xl:w-24" />
          <col className="w-20 2xl:w-24" />
        </colgroup>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('tournaments.place')}</th>
            <th scope="col">{t('tournaments.player')}</th>
            <th scope="col">{t('tournaments.points')}</th>
            <th scope="col">{t('tournaments.lastChange')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => (
            <tr
              key={s.entryId}
              data-testid="screen-standing"
              className={`border-t border-malt-700/70 ${s.left ? 'text-foam-400' : ''}`}
            >
              <td className="py-1 pr-2 font-black">{s.place}.</td>
              <td className="py-1 pr-2">
                <span className="block truncate font-bold">
                  {s.name}
                  {s.left && <span className="font-normal"> · {t('tournaments.left')}</span>}
                </span>
              </td>
              <td className="py-1 pr-2 text-right font-black text-amber-300">
                {formatNumber(s.points)}
              </td>
              <td className="py-1 text-right font-semibold text-hop-400">
                {changeText(s.lastChange)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && (
        <p className="mt-1 text-2xl text-foam-300">
          {t('tournaments.morePlayers', { count: more })}
        </p>
      )}
    </section>
  );
}

function Running({ reply }: { reply: TournamentWatchReply }) {
  const { t } = useT();
  const { now, next } = nowAndNext(reply);
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_3fr] [&>*]:min-w-0">
      <StandingsBoard reply={reply} rows={SHOWN_ROWS} />
      <div className="space-y-4">
        <section aria-labelledby="screen-now" className="space-y-2">
          <h2 id="screen-now" className="text-3xl font-black">
            {t('tournaments.playingNow')}
          </h2>
          {now.length === 0 ? (
            <p className="card p-4 text-2xl text-foam-200 md:p-4">{t('tournaments.noGameNow')}</p>
          ) : (
            <div className={`grid gap-4 ${now.length > 1 ? 'xl:grid-cols-2' : ''}`}>
              {now.map((row) => (
                <LiveGameCard
                  key={row.gameId ?? gameLabel(row)}
                  row={row}
                  game={reply.live.find((g) => g.id === row.gameId) ?? null}
                />
              ))}
            </div>
          )}
        </section>
        {next && (
          <section
            aria-labelledby="screen-next"
            className="card p-4 md:p-4"
            data-testid="next-game"
          >
            <h2 id="screen-next" className="text-3xl font-black">
              {t('tournaments.upNext')}: {gameLabel(next)}
            </h2>
            <p className="mt-1 text-2xl text-foam-200 wrap-anywhere">
              {next.players.length > 0
                ? next.players.map((p) => p.name).join(' · ')
                : t('tournaments.playersDecided')}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}

function Finished({ reply }: { reply: TournamentWatchReply }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_3fr] [&>*]:min-w-0">
      <StandingsBoard reply={reply} rows={SHOWN_ROWS} />
      <div className="space-y-4">
        <Podium reply={reply} large />
        <NightAwards reply={reply} large />
      </div>
    </div>
  );
}
