import { useEffect, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { AwardsList } from '../../../components/awards-list';
import { useWatchTexts } from '../texts';
import { StandingsList } from './standings-list';
import { TablePodium } from './table-podium';

/** How long each page of the table screen's results stays before the other one shows. */
export const TABLE_PAGE_MS = 12_000;

type ResultsPage = 'results' | 'awards';
const PAGES: readonly ResultsPage[] = ['results', 'awards'];

/**
 * The end of the game on the table screen, in two pages that fit a 1280 x 800 screen each: the
 * podium beside the final standings, then the awards. Podium, four rows and the awards one
 * below the other ran far past the bottom of a TV. The pages take turns by themselves; a tap on
 * either keeps it.
 */
export function TableResults({ game }: { game: GameState }) {
  const T = useWatchTexts();
  const hasAwards = game.awards.length > 0;
  const [page, setPage] = useState<ResultsPage>('results');
  const [turning, setTurning] = useState(true);
  useEffect(() => {
    if (!turning || !hasAwards) return;
    const timer = setInterval(
      () => setPage((shown) => (shown === 'results' ? 'awards' : 'results')),
      TABLE_PAGE_MS,
    );
    return () => clearInterval(timer);
  }, [turning, hasAwards]);
  const choose = (next: ResultsPage) => {
    setTurning(false);
    setPage(next);
  };
  return (
    <div className="space-y-4">
      {hasAwards && (
        <div
          className="flex flex-wrap justify-center gap-2"
          role="group"
          aria-label={T.resultsPages}
        >
          {PAGES.map((id) => (
            <button
              key={id}
              type="button"
              className={`min-h-11 rounded-full px-5 py-1 font-bold ${
                page === id ? 'bg-amber-400 text-malt-950' : 'bg-malt-800 text-foam-200'
              }`}
              aria-pressed={page === id}
              onClick={() => choose(id)}
            >
              {id === 'results' ? T.finalResults : T.awards}
            </button>
          ))}
        </div>
      )}
      {page === 'results' || !hasAwards ? (
        <div className="grid items-start gap-4 lg:grid-cols-2 [&>*]:min-w-0">
          <TablePodium game={game} />
          <StandingsList game={game} table />
        </div>
      ) : (
        <AwardsList game={game} large />
      )}
    </div>
  );
}
