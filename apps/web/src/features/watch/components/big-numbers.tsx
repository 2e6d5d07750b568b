import type { ReactNode } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { useWatchTexts } from '../texts';
import type { WatchedWeight } from '../use-watched-game';
import { isEmptyPlatform } from '../../../lib/empty-platform';

/** The phases with no target of the round: its card would only say something stale. */
const NO_TARGET_PHASES = new Set(['CALLING', 'GIVING', 'ESTIMATING', 'FINALE']);

/**
 * The target: the biggest thing on the page, readable across a table. Before the first weighing
 * it says when one comes; while the caller calls, penalties are given, estimates are made and
 * in the finale there is none, and the card gives way to the phase's own prompt.
 */
export function TargetFigure({ game, table }: { game: GameState; table: boolean }) {
  const T = useWatchTexts();
  if (game.target === null && game.phase !== null && NO_TARGET_PHASES.has(game.phase)) return null;
  return (
    <section aria-label={T.target} className="card text-center">
      <h2 className="text-sm font-bold tracking-widest text-foam-400 uppercase">{T.target}</h2>
      {game.target === null ? (
        <p className="mt-3 text-2xl font-bold text-foam-200">{T.noTarget}</p>
      ) : (
        <p
          className={`font-mono leading-none font-black text-amber-400 tabular-nums ${
            table ? 'text-[min(20vw,30vh)]' : 'text-[clamp(5rem,30vw,11rem)]'
          }`}
          data-testid="watch-target"
        >
          {game.target}
          <span className="ml-1 text-[0.3em] text-amber-300/80">{T.grams}</span>
        </p>
      )}
    </section>
  );
}

/**
 * What to do now, said to whom: "Lena" in large type and "put your full bottle on the scale"
 * below it (a screen reader hears "Lena: put your full bottle on the scale"); "Everyone drink!"
 * while all drink at once, "Everyone: finish at your own pace" in the finale.
 */
export function NextStep({ game, table }: { game: GameState; table: boolean }) {
  const T = useWatchTexts();
  const player = game.players.find((p) => p.id === game.currentPlayerId);
  // Calling, giving and estimating name who is asked in the house rules' card instead.
  if (game.phase === 'CALLING' || game.phase === 'GIVING' || game.phase === 'ESTIMATING') {
    return null;
  }
  const step = nextStep(game, player?.playerName ?? null, T);
  return (
    <section aria-label={T.step.title} className="card text-center" aria-live="polite">
      <h2 className="text-sm font-bold tracking-widest text-foam-400 uppercase">
        {step.everyone ? T.phase[game.phase!] : T.onTurn}
      </h2>
      <p data-testid="watch-step">
        <span
          className={`mt-1 block font-black wrap-break-word text-foam-50 ${
            table
              ? step.everyone
                ? 'text-[min(5vw,8vh)] leading-tight'
                : 'text-[min(7vw,10vh)] leading-tight'
              : 'text-5xl sm:text-6xl'
          }`}
          data-testid="watch-on-turn"
        >
          {step.who}
        </span>
        {step.what && (
          <>
            <span className="sr-only">: </span>
            <span
              className={`mt-2 block font-bold text-amber-300 ${table ? 'text-4xl' : 'text-2xl'}`}
              data-testid="watch-instruction"
            >
              {step.what}
            </span>
          </>
        )}
      </p>
    </section>
  );
}

type WatchTexts = ReturnType<typeof useWatchTexts>;

/** Who is asked (a name, or everyone) and what they are to do, by phase. */
function nextStep(
  game: GameState,
  name: string | null,
  T: WatchTexts,
): { who: string; what: string | null; everyone: boolean } {
  const container = game.containerType ?? 'other';
  if (game.status === 'configured') return { who: T.nobodyOnTurn, what: null, everyone: false };
  switch (game.phase) {
    // Everyone drinks at once: no single player is on turn, whoever weighs first later.
    case 'DRINKING':
      return { who: T.drinking, what: T.step.drinkDown, everyone: true };
    case 'FINALE':
      return {
        who: T.step.drinkUp,
        what: name ? `${name}: ${T.step.putEmpty[container]}` : null,
        everyone: true,
      };
    case 'INITIAL_WEIGHING':
      return { who: name ?? '–', what: T.step.putFull[container], everyone: false };
    case 'SCORING':
      return { who: name ?? '–', what: T.step.putBack[container], everyone: false };
    default:
      return { who: name ?? '–', what: null, everyone: false };
  }
}

/**
 * The scale's weight. On the table screen it is one compact row (words left, figure right) with
 * how the scale is connected, so the standings below it stay on the screen.
 */
export function WeightFigure({
  weight,
  connected,
  table,
  provenance,
}: {
  weight: WatchedWeight | null;
  connected: boolean | null;
  table: boolean;
  provenance?: ReactNode;
}) {
  const T = useWatchTexts();
  const empty = weight !== null && isEmptyPlatform(weight.grams);
  const heading = (
    <h2 className="text-sm font-bold tracking-widest text-foam-400 uppercase">
      {connected === false ? T.scaleOffline : T.scale}
    </h2>
  );
  const figure = (
    <p
      className={`font-mono leading-tight font-black tabular-nums ${table ? 'shrink-0 text-[min(7vw,10vh)]' : 'text-6xl'}`}
      data-testid="watch-weight"
    >
      {weight === null ? '–' : empty ? T.emptyPlatform : Math.round(weight.grams)}
      {weight !== null && !empty && (
        <span className="ml-1 text-[0.4em] text-foam-400">{T.grams}</span>
      )}
    </p>
  );
  const status = (
    <p className={`text-sm font-semibold ${weight?.stable ? 'text-hop-400' : 'text-foam-400'}`}>
      {weight ? (weight.stable ? T.stable : T.settling) : T.noReading}
    </p>
  );
  if (!table) {
    return (
      <section aria-label={T.scale} className="card text-center">
        {heading}
        {figure}
        {status}
      </section>
    );
  }
  return (
    <section aria-label={T.scale} className="card flex items-center justify-between gap-4 md:py-4">
      <div className="min-w-0">
        {heading}
        {status}
        {provenance}
      </div>
      {figure}
    </section>
  );
}
