import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { HomeReply } from '@beerscale/contract/home';
import { formatDate } from '../../../i18n/format';
import { gameName } from '../../../i18n/game-name';
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
            <Link
              to={`/games/${g.game_id}`}
              className="flex min-h-11 items-center justify-between gap-3 rounded-xl bg-malt-800/60 px-3 py-2 hover:bg-malt-700/60"
            >
              <span className="min-w-0">
                <span className="block font-semibold wrap-anywhere">
                  {(g.game_name && gameName(g.game_name)) ||
                    t('home.gameNumber', { id: g.game_id })}
                </span>
                <span className="block text-xs text-foam-400">
                  {formatDate(g.created_at)}
                  {g.opponents.length > 0 &&
                    ` · ${t('gamePage.against', { names: g.opponents.join(', ') })}`}
                </span>
              </span>
              <span className="flex shrink-0 items-center gap-1 font-bold">
                {g.rank === null ? '–' : ordinal(g.rank, language)}
                <ChevronRight className="size-4 text-foam-400" aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
