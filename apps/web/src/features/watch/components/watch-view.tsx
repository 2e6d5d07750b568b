import { Maximize2, Minimize2, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Brand } from '../../../components/brand';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useWakeLock } from '../../../lib/use-wake-lock';
import { useWatchTexts } from '../texts';
import { useWatchedGame } from '../use-watched-game';
import type { SocketLike } from '../../../lib/socket-client';
import { NextStep, TargetFigure, WeightFigure } from './big-numbers';
import { TableResults } from './table-results';
import { LatecomerQr } from './latecomer-qr';
import { StandingsList } from './standings-list';
import { RoundRulesCard } from './round-rules-card';
import { NewsList, usePenaltyNews } from '../../../components/rules/penalty-news';
import { RulesLine } from '../../../components/rules/rules-line';
import { playCue, useFreshDifferences } from '../reveal';
import { LanguageSwitch } from '../../../components/language-switch';
import { refusalText } from '../../../lib/refusal-text';
import { gameName } from '../../../i18n/game-name';
import { ScaleProvenance } from '../../../components/scale-provenance';
import { AwardsList } from '../../../components/awards-list';
import { ConnectionBanner, staleClass } from '../../../components/connection-banner';
import { useCaughtUp, useScaleSilence } from '../../../lib/use-connection';
import { JoinCodePanel } from '../../../components/seats/join-code-panel';

/**
 * /watch/{token}: one game for everyone at the table, without an account. Phone first; the
 * table screen is the same view, full screen and larger, for a laptop or a TV.
 */
export function WatchView({
  token,
  createSocket,
  tableMode = false,
  onTableMode,
}: {
  token: string;
  createSocket?: (url: string) => SocketLike;
  /** The table screen, from the address (/watch/{token}/table): a reload keeps it. */
  tableMode?: boolean;
  /** Switches the address between the phone view and the table screen. */
  onTableMode?: (table: boolean) => void;
}) {
  const { status, game, weight, scaleConnected, notice, connection } = useWatchedGame(
    token,
    createSocket,
  );
  const caughtUp = useCaughtUp(connection);
  const fresh = useFreshDifferences(game);
  const [sound, setSound] = useState(false);
  // The optional sound (off by default): a tone per placement, three at the end.
  useEffect(() => {
    if (sound && fresh.size > 0) playCue('placement');
  }, [sound, fresh]);
  const completed = game?.status === 'completed';
  const wasCompleted = useRef(completed);
  useEffect(() => {
    if (sound && completed && !wasCompleted.current) playCue('finished');
    wasCompleted.current = completed;
  }, [sound, completed]);
  const ended = game?.status === 'completed' || game?.status === 'cancelled';
  const scaleSilent = useScaleSilence(
    weight,
    connection === 'open' && scaleConnected === true && game !== null && !ended,
  );
  const [localTable, setLocalTable] = useState(tableMode);
  const table = onTableMode ? tableMode : localTable;
  const setTable = onTableMode ?? setLocalTable;
  // One announcer for the page, whichever layout shows its news (the table screen's changes
  // with the end of the game; a second one would miss the last round's).
  const news = usePenaltyNews(game);
  const T = useWatchTexts();
  useWakeLock(game?.status === 'active');

  if (status === 'invalid') {
    return (
      <main className="mx-auto grid min-h-dvh max-w-md place-items-center px-4">
        <section className="card text-center">
          <h1 className="text-2xl font-black">{T.invalidTitle}</h1>
          <p className="mt-2 text-foam-200">{T.invalidHint}</p>
        </section>
      </main>
    );
  }
  if (!game) return <FullPageSpinner />;

  const toggleTable = () => {
    const next = !table;
    setTable(next);
    // Full screen is a nicety: refused (iOS, an iframe) the larger layout still applies.
    if (next) void document.documentElement.requestFullscreen?.().catch(() => {});
    else if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  };
  const live = status === 'live' && connection === 'open';

  return (
    <main
      className={`mx-auto space-y-4 px-3 py-3 ${table ? 'table-screen max-w-none' : 'max-w-xl'}`}
    >
      {/* Wraps on a narrow screen: the table screen's extra Sound button ran off a 320 px one. */}
      <header className="flex flex-wrap items-center justify-between gap-3">
        <Brand />
        {/* On the table screen the controls and the latecomers' QR share the right corner. */}
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          {table && (
            <button
              type="button"
              className="btn-secondary min-h-11 px-3 py-2"
              aria-pressed={sound}
              onClick={() => setSound((on) => !on)}
            >
              {sound ? (
                <Volume2 className="size-5" aria-hidden />
              ) : (
                <VolumeX className="size-5" aria-hidden />
              )}
              <span className="sr-only text-sm sm:not-sr-only">{T.sound}</span>
            </button>
          )}
          <button type="button" className="btn-secondary min-h-11 px-3 py-2" onClick={toggleTable}>
            {table ? (
              <Minimize2 className="size-5" aria-hidden />
            ) : (
              <Maximize2 className="size-5" aria-hidden />
            )}
            {/* A phone has no room for the label beside the language (German runs long). */}
            <span className="sr-only text-sm sm:not-sr-only">
              {table ? T.phoneView : T.tableScreen}
            </span>
          </button>
        </div>
        {table && <LatecomerQr token={token} />}
      </header>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="min-w-0 text-2xl font-black tracking-tight wrap-anywhere">
          {gameName(game.name)}
        </h1>
        <p className="flex items-center gap-2 text-sm font-semibold text-foam-200">
          <span className="rounded-full bg-amber-400/15 px-3 py-1 text-amber-300">
            {game.phase ? T.phase[game.phase] : T.setUp}
          </span>
          {game.round > 0 && game.round <= game.roundsPlanned && !ended && (
            <span>{T.round(game.round, game.roundsPlanned)}</span>
          )}
          {!ended && (
            <span className="flex items-center gap-1">
              <span
                className={`size-2.5 rounded-full ${live ? 'bg-hop-400' : 'bg-red-400'}`}
                aria-hidden
              />
              {live ? T.live : connection === 'offline' ? T.offline : T.reconnecting}
            </span>
          )}
        </p>
      </div>
      {/* One block: the rules and the scale share a line, and the empty live regions (the
          banner, the penalty toasts' fixed stack) add no gap, so the table screen fits. */}
      <div>
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <RulesLine rules={game.rules} />
          {/* The table screen says it in the scale's card, where the line has room. */}
          {!table && <ScaleProvenance game={game} />}
        </div>
        {!table && <NewsList {...news} />}
        <ConnectionBanner status={connection} caughtUp={caughtUp} scaleSilent={scaleSilent} />
      </div>
      {notice && (
        <p role="alert" className="rounded-2xl bg-red-500/15 px-4 py-3 font-semibold text-red-200">
          {refusalText(notice)}
        </p>
      )}
      <div className={staleClass(connection)}>
        {game.status === 'cancelled' ? (
          <section className="card text-center text-2xl font-black">{T.cancelled}</section>
        ) : ended ? (
          table ? (
            <>
              <NewsList {...news} inline />
              <TableResults game={game} />
            </>
          ) : (
            <div className="space-y-4">
              <StandingsList game={game} table={false} />
              <AwardsList game={game} />
            </div>
          )
        ) : table ? (
          // The table screen: what to do and the target on the left, the scale and the
          // standings on the right, all of it on one 1280 x 800 screen.
          // Halves: a narrower right half wrapped the standings' heading, badges and the
          // scale's line, and the fourth row fell below a 1280 x 800 screen.
          <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
            <div className="space-y-4">
              {/* Penalties and who is out: banners beside the standings, never over them. */}
              <NewsList {...news} inline />
              <NextStep game={game} table />
              {game.status === 'active' && <RoundRulesCard game={game} table />}
              <TargetFigure game={game} table />
            </div>
            <div className="space-y-4">
              <WeightFigure
                weight={weight}
                connected={scaleConnected}
                table
                provenance={<ScaleProvenance game={game} />}
              />
              <StandingsList game={game} table fresh={fresh} />
              <JoinCodePanel game={game} table />
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <NextStep game={game} table={false} />
            {game.status === 'active' && <RoundRulesCard game={game} table={false} />}
            <TargetFigure game={game} table={false} />
            <WeightFigure weight={weight} connected={scaleConnected} table={false} />
            <StandingsList game={game} table={false} fresh={fresh} />
          </div>
        )}
      </div>
    </main>
  );
}
