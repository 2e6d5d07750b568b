import { Trophy } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { formatMean, ruledOrder } from '../../../lib/standings';
import { useRef } from 'react';
import { OutTag, PenaltyMarks } from '../../../components/rules/penalty-marks';
import { scoreText, scoringLabel } from '../../../i18n/rules-text';
import { useWatchTexts } from '../texts';
import { playerName } from '../../../i18n/player-name';
import { DrinkIcon } from '../../../components/drinks/drink-icon';
import { LimitNotice } from '../../../components/drinks/limit-notice';
import { useCountUp, useReorderAnimation } from '../reveal';

/** The difference just scored, counting up beside the name for a moment. */
function FreshDifference({ grams, label }: { grams: number; label: (g: number) => string }) {
  const shown = useCountUp(grams);
  return (
    <span
      className="rounded-full bg-amber-400 px-2 py-0.5 text-base font-black whitespace-nowrap text-malt-950 tabular-nums"
      aria-label={label(grams)}
      data-testid="fresh-difference"
    >
      {label(shown)}
    </span>
  );
}

/** The scoreboard in one column: a phone has no room for a table of rounds. */
export function StandingsList({
  game,
  table,
  fresh = new Map(),
}: {
  game: GameState;
  table: boolean;
  /** Differences just scored, by player: shown counting up beside the name. */
  fresh?: Map<number, number>;
}) {
  const T = useWatchTexts();
  const finished = game.status === 'completed';
  const order = ruledOrder(game);
  const scoring = game.rules.scoring === 'mean' ? null : game.rules.scoring;
  const list = useRef<HTMLOListElement>(null);
  // After each round the standings re-order: rows slide to their new places.
  useReorderAnimation(list, order.map((p) => p.id).join(','));
  return (
    <section
      aria-label={finished ? T.finalResults : T.standings}
      className={`card ${table ? 'md:py-4' : ''}`}
    >
      {/* The scoring's name once, over the figures: repeated beside each figure it took the
          width a name needed (names fell apart letter by letter beside a new difference). */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className={`font-black ${finished ? 'text-3xl' : table ? 'text-2xl' : 'text-xl'}`}>
          {finished ? T.finalResults : T.standings}
        </h2>
        {scoring && (
          <span className="text-sm font-semibold text-foam-400" data-testid="standings-scoring">
            {scoringLabel(scoring)}
          </span>
        )}
      </div>
      <ol ref={list} className={table ? 'mt-1 space-y-1' : 'mt-3 space-y-2'}>
        {order.map((p, index) => {
          const winner = finished && p.rank === 1;
          // While everyone drinks nobody is on turn (the first to weigh is only next).
          const onTurn = game.phase !== 'DRINKING' && p.id === game.currentPlayerId;
          return (
            <li
              key={p.id}
              data-flip-id={p.id}
              className={`flex items-center gap-3 rounded-2xl px-3 max-[360px]:gap-2 max-[360px]:px-2 ${table ? 'py-1 leading-tight' : 'py-3'} ${
                winner
                  ? 'bg-amber-400 text-malt-950'
                  : onTurn
                    ? 'bg-amber-400/15'
                    : 'bg-malt-800/60'
              } ${table ? 'text-lg lg:text-2xl' : 'text-lg'} max-[360px]:text-base`}
            >
              <span className="w-8 shrink-0 text-center font-black tabular-nums">
                {p.meanDifference === null && p.rank === null ? '–' : (p.rank ?? index + 1)}
              </span>
              {/* On a 320 px phone the winner's row also holds the trophy: a smaller one, the
                  row's smaller gaps and type leave a nine-letter name its one line. */}
              {winner && (
                <Trophy className="size-6 shrink-0 max-[360px]:size-5" aria-label={T.winner} />
              )}
              {/* The name breaks only between words (or inside a word longer than the row);
                  the tags and a new difference's badge wrap below it, never squeeze it. */}
              <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 font-bold">
                <span
                  className={`min-w-0 wrap-break-word ${p.disqualified ? 'line-through opacity-70' : ''}`}
                  data-testid="standings-name"
                >
                  {playerName(p)}
                </span>
                <DrinkIcon drink={p.drink} />
                {p.disqualified && <OutTag />}
                <PenaltyMarks player={p} players={game.players} />
                {p.team !== null && (
                  <span className="text-sm font-normal opacity-80">{T.team(p.team)}</span>
                )}
                {fresh.has(p.id) && (
                  <FreshDifference grams={fresh.get(p.id)!} label={T.lastDifference} />
                )}
                {/* Under the name, not beside the score: a German "0 Volltreffer" there left a
                    320 px phone no room for an eight-letter name. */}
                <span
                  className={`basis-full text-sm font-normal ${winner ? 'text-malt-800' : 'text-foam-400'}`}
                >
                  {T.exact(p.exactMatches)}
                </span>
                <LimitNotice player={p} className={table ? '' : 'text-sm'} />
              </span>
              <span className="shrink-0 text-right font-bold tabular-nums">
                {scoring ? scoreText(scoring, p.score) : formatMean(p.meanDifference)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
