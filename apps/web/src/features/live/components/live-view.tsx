import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useVisit } from '../../../lib/router';
import { abilitiesOf, type GameState } from '@beerscale/contract/game-state';
import { TurnCue } from '../../../components/turn-cue';
import { useTurnCue } from '../../../lib/use-turn-cue';
import { useWakeLock } from '../../../lib/use-wake-lock';
import { useSession } from '../../../lib/session-context';
import { useCurrentGameId, useLastGameId } from '../api/current-game-id';
import { useGameState } from '../api/game-state';
import { useLiveScale } from '../use-live-scale';
import { LeaderControls } from './leader-controls';
import { PhaseBanner, waitsForWords } from './phase-banner';
import { PlayAgainButton } from './play-again-button';
import { RulesActions } from './rules-actions';
import { PenaltyNews } from '../../../components/rules/penalty-news';
import { RulesLine } from '../../../components/rules/rules-line';
import { ResultsPodium } from './results-podium';
import { ReportGame } from './report-game';
import { ScaleProvenance } from '../../../components/scale-provenance';
import { Scoreboard } from './scoreboard';
import { StartGameButton } from './start-game-button';
import { WeightPanel } from './weight-panel';
import { ShareResultButton } from './share-result-button';
import { AwardsList } from '../../../components/awards-list';
import { ConnectionBanner, staleClass } from '../../../components/connection-banner';
import { useCaughtUp, useScaleSilence, useSocketStatus } from '../../../lib/use-connection';
import { useT } from '../../../i18n/use-t';
import { gameName } from '../../../i18n/game-name';
import { JoinCodePanel } from '../../../components/seats/join-code-panel';

/**
 * Every arrival at /live looks again for the game the user is in: a started game navigates
 * here even from /live itself (RANKED_GAME_STARTED), and the previous game must give way.
 */
export function LiveView({ share }: LiveExtras) {
  const { key } = useVisit();
  return <LiveGame key={key} share={share} />;
}

/** What the route adds from other features: the leader's Share panel (the watch feature). */
interface LiveExtras {
  share?: (game: GameState) => ReactNode;
}

function LiveGame({ share }: LiveExtras) {
  const { user, socket } = useSession();
  const connection = useSocketStatus(socket);
  const caughtUp = useCaughtUp(connection);
  const { t } = useT();
  const current = useCurrentGameId();
  const lastGameId = useLastGameId();
  const gameId = current.gameId;
  const state = useGameState(gameId);
  const game = state.data ?? null;
  const { weight, connected } = useLiveScale(gameId, game?.scaleAddress ?? null);
  const running = game?.status === 'active';
  // "Your turn" means the scale: a call, a penalty to give or an estimate asks in its own words,
  // and while everyone drinks nobody is on turn (the player on turn only weighs first).
  const myTurn =
    running &&
    !waitsForWords(game) &&
    game.phase !== 'DRINKING' &&
    game.players.some((p) => p.id === game.currentPlayerId && p.userId === user?.id);
  const scaleSilent = useScaleSilence(
    weight,
    connection === 'open' && connected === true && game !== null && !isOver(game),
  );
  useWakeLock(running);
  useTurnCue(myTurn ? `${game.round}:${game.phase}:${game.currentPlayerId}` : null);

  if (current.isPending || (gameId !== null && state.isPending)) {
    return <div className="card h-64 animate-pulse" role="status" aria-label={t('live.loading')} />;
  }
  if (gameId === null || !game) {
    return (
      <section className="card text-center">
        <h1 className="text-2xl font-black">{t('live.noGame')}</h1>
        <p className="mt-2 text-foam-200">{t('live.noGameText')}</p>
        <Link to="/game" className="btn-primary mt-4">
          {t('live.goSetup')}
        </Link>
        {lastGameId !== null && (
          <p className="mt-4">
            <Link to={`/games/${lastGameId}`} className="underline">
              {t('live.lastGame')}
            </Link>
          </p>
        )}
      </section>
    );
  }
  // What this reader may do, as the server's policy says (GAME_STATE's `can` by role).
  const can = abilitiesOf(game, { userId: user?.id ?? null });
  const onTurn = game.players.find((p) => p.id === game.currentPlayerId)?.playerName ?? null;
  const finished = isOver(game);

  return (
    <div className="space-y-4">
      <ConnectionBanner status={connection} caughtUp={caughtUp} scaleSilent={scaleSilent} />
      <h1 className="text-2xl font-black tracking-tight wrap-anywhere">{gameName(game.name)}</h1>
      <RulesLine rules={game.rules} />
      <PenaltyNews game={game} />
      <ScaleProvenance game={game} />
      {myTurn && <TurnCue />}
      <div className={`space-y-4 ${staleClass(connection)}`}>
        {finished ? (
          <>
            <ResultsPodium game={game} />
            <AwardsList game={game} />
            {game.status === 'completed' && <ShareResultButton game={game} />}
            {/* Every round, penalty and the card, the morning after too. */}
            {game.status === 'completed' && (
              <p className="text-center">
                <Link to={`/games/${game.id}`} className="link">
                  {t('gamePage.open')}
                </Link>
              </p>
            )}
            <ReportGame game={game} />
            {/* Finished by the leader before a round was scored, it ends cancelled: the table plays on. */}
            {can.playAgain && <PlayAgainButton game={game} />}
          </>
        ) : (
          <div className="grid gap-4 md:grid-cols-[3fr_2fr]">
            <PhaseBanner game={game} canStart={can.start} />
            <WeightPanel weight={weight} connected={connected} />
          </div>
        )}
        <RulesActions game={game} can={can} />
        {can.start && <StartGameButton game={game} />}
        <Scoreboard game={game} />
      </div>
      {can.finish && <LeaderControls gameId={game.id} playerName={onTurn} canType={can.type} />}
      {can.shareWatchLink && share?.(game)}
      {/* The panel's `isLeader` releases seats: the leader's, as `can.seats` says. */}
      {can.seats && <JoinCodePanel game={game} seats isLeader />}
    </div>
  );
}

const isOver = (game: GameState) => game.status === 'completed' || game.status === 'cancelled';
