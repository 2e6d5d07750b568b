import { ChevronRight } from 'lucide-react';
import type { HomeReply } from '@beerscale/contract/home';
import { RecentGameRow } from '../../../components/recent-game-row';
import { useT } from '../../../i18n/use-t';
import { ordinal } from '../../../lib/ordinal';

/** The player's recent games as links to their pages, with whom each was played (profile). */
export function GameRows({ games }: { games: HomeReply['recentGames'] }) {
  const { t, language } = useT();
  if (games.length === 0) return null;
  return (
    <section className="card" aria-labelledby="game-rows-title">
      <h2 id="game-rows-title" className="mb-3 text-lg font-bold">
        {t('gamePage.yourGames')}
      </h2>
      <ul className="space-y-2">
        {games.map((g) => (
          <li key={g.game_id}>
            <RecentGameRow game={g}>
              <span className="flex shrink-0 items-center gap-1 font-bold">
                {g.rank === null ? '–' : ordinal(g.rank, language)}
                <ChevronRight className="size-4 text-foam-400" aria-hidden />
              </span>
            </RecentGameRow>
          </li>
        ))}
      </ul>
    </section>
  );
}
