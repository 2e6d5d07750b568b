import type { GameState } from '@beerscale/contract/game-state';
import { useWatchTexts } from '../texts';
import type { WatchedWeight } from '../use-watched-game';
import { isEmptyPlatform } from '../../../lib/empty-platform';

/** The target: the biggest thing on the page, readable across a table. */
export function TargetFigure({ game, table }: { game: GameState; table: boolean }) {
  const T = useWatchTexts();
  return (
    <section aria-label={T.target} className="card text-center">
      <h2 className="text-sm font-bold tracking-widest text-foam-400 uppercase">{T.target}</h2>
      {game.target === null ? (
        <p className="mt-3 text-2xl font-bold text-foam-200">{T.noTarget}</p>
      ) : (
        <p
          className={`font-mono leading-none font-black text-amber-400 tabular-nums ${
            table ? 'text-[min(26vw,38vh)]' : 'text-[clamp(5rem,30vw,11rem)]'
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

/** Whose turn it is, by name, in large type. */
export function OnTurn({ game, table }: { game: GameState; table: boolean }) {
  const T = useWatchTexts();
  const player = game.players.find((p) => p.id === game.currentPlayerId);
  const drinking = game.phase === 'DRINKING';
  // Calling, giving and estimating name who is asked in the house rules' card instead.
  if (game.phase === 'CALLING' || game.phase === 'GIVING' || game.phase === 'ESTIMATING') {
    return null;
  }
  return (
    <section aria-label={T.onTurn} className="card text-center" aria-live="polite">
      <h2 className="text-sm font-bold tracking-widest text-foam-400 uppercase">
        {drinking ? T.phase.DRINKING : T.onTurn}
      </h2>
      <p
        className={`mt-1 font-black break-words text-foam-50 ${table ? 'text-[min(9vw,12vh)]' : 'text-5xl sm:text-6xl'}`}
        data-testid="watch-on-turn"
      >
        {/* Everyone drinks at once: no single player is on turn, whoever weighs first later. */}
        {drinking
          ? T.drinking
          : (player?.playerName ?? (game.status === 'configured' ? T.nobodyOnTurn : '–'))}
      </p>
    </section>
  );
}

export function WeightFigure({
  weight,
  connected,
  table,
}: {
  weight: WatchedWeight | null;
  connected: boolean | null;
  table: boolean;
}) {
  const T = useWatchTexts();
  const empty = weight !== null && isEmptyPlatform(weight.grams);
  return (
    <section aria-label={T.scale} className="card text-center">
      <h2 className="text-sm font-bold tracking-widest text-foam-400 uppercase">
        {connected === false ? T.scaleOffline : T.scale}
      </h2>
      <p
        className={`font-mono leading-tight font-black tabular-nums ${table ? 'text-[min(9vw,10vh)]' : 'text-6xl'}`}
        data-testid="watch-weight"
      >
        {weight === null ? '–' : empty ? T.emptyPlatform : Math.round(weight.grams)}
        {weight !== null && !empty && (
          <span className="ml-1 text-[0.4em] text-foam-400">{T.grams}</span>
        )}
      </p>
      <p className={`text-sm font-semibold ${weight?.stable ? 'text-hop-400' : 'text-foam-400'}`}>
        {weight ? (weight.stable ? T.stable : T.settling) : T.noReading}
      </p>
    </section>
  );
}
