import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { HomeReply } from '@beerscale/contract/home';
import { formatDate } from '../i18n/format';
import { gameName } from '../i18n/game-name';
import { useT } from '../i18n/use-t';

/**
 * One of the player's recent games as a row that opens its page (home, the profile): its name
 * (then `badge`), the day and whom it was played against; `children` is the row's right side.
 */
export function RecentGameRow({
  game,
  badge,
  children,
}: {
  game: HomeReply['recentGames'][number];
  badge?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Link
      to={`/games/${game.game_id}`}
      className="flex min-h-11 items-center justify-between gap-3 rounded-xl bg-malt-800/60 px-3 py-2 hover:bg-malt-700/60"
    >
      <span className="min-w-0">
        <span className="block font-semibold wrap-anywhere">
          {(game.game_name && gameName(game.game_name)) ||
            t('home.gameNumber', { id: game.game_id })}
          {badge}
        </span>
        <span className="block text-xs text-foam-400">
          {formatDate(game.created_at)}
          {game.opponents.length > 0 &&
            ` · ${t('home.against', { names: game.opponents.join(', ') })}`}
        </span>
      </span>
      {children}
    </Link>
  );
}
