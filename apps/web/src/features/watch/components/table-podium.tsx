import { Trophy } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { formatMean, runningOrder } from '../../../lib/standings';
import { scoreText } from '../../../i18n/rules-text';
import { useWatchTexts } from '../texts';

/** Second left, first in the middle and tallest, third right; revealed 3, 2, 1. */
const STEPS = [
  { place: 2, height: 'h-32', delay: '0.9s' },
  { place: 1, height: 'h-44', delay: '1.8s' },
  { place: 3, height: 'h-24', delay: '0s' },
];

/** The end of the game on the table screen: the podium, third first, before the table. */
export function TablePodium({ game }: { game: GameState }) {
  const T = useWatchTexts();
  const order = runningOrder(game.players).filter((p) => p.rank !== null);
  const onStep = (place: number) => order.filter((p) => p.rank === place);
  // The number the ranking used: under house rules the mean alone contradicted the places.
  const figure = (p: GameState['players'][number]) =>
    game.rules.scoring === 'mean'
      ? formatMean(p.meanDifference)
      : scoreText(game.rules.scoring, p.score);
  return (
    <section aria-label={T.podium} className="card" data-testid="table-podium">
      <h2 className="sr-only">{T.podium}</h2>
      <ol className="flex items-end justify-center gap-4">
        {STEPS.map(({ place, height, delay }) => {
          const players = onStep(place);
          if (players.length === 0) return null;
          return (
            <li
              key={place}
              // The rise is decoration: with reduced motion everything stands at once.
              className="flex w-1/3 max-w-64 min-w-0 flex-col items-center motion-safe:animate-[podium-rise_0.7s_ease-out_both]"
              style={{ animationDelay: delay }}
              data-place={place}
            >
              {place === 1 && <Trophy className="mb-2 size-12 text-amber-400" aria-hidden />}
              <span className="max-w-full text-center text-xl font-black wrap-break-word sm:text-3xl">
                {players.map((p) => p.playerName).join(' · ')}
              </span>
              <span className="text-xl text-foam-400 tabular-nums" data-testid="podium-score">
                {figure(players[0]!)}
              </span>
              <span
                className={`mt-2 grid w-full place-items-center rounded-t-2xl text-5xl font-black text-malt-950 ${height} ${
                  place === 1 ? 'bg-amber-400' : place === 2 ? 'bg-stone-300' : 'bg-amber-700'
                }`}
                aria-label={T.place(place)}
              >
                {place}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
