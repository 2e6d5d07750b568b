import { Link } from 'wouter';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { gameName } from '../../../i18n/game-name';
import { useT } from '../../../i18n/use-t';
import { useGroupGames } from '../api/group-games';

/** The group's latest games: players by rank; each opens the game's page. */
export function RecentGames({ groupId }: { groupId: number }) {
  const { t } = useT();
  const games = useGroupGames(groupId);
  return (
    <section className="card" aria-labelledby="group-games-title">
      <h2 id="group-games-title" className="text-xl font-black">
        {t('groups.recentGames')}
      </h2>
      <QueryState query={games} errorText={t('groups.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <p className="mt-2 text-foam-200">{t('groups.noGames')}</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {list.map((game) => (
                <li key={game.gameId}>
                  <Link
                    to={`/games/${game.gameId}`}
                    className="block rounded-lg bg-malt-800/60 px-3 py-2 hover:bg-malt-700"
                  >
                    <span className="flex justify-between gap-3 text-sm">
                      <span className="truncate font-bold">{gameName(game.name)}</span>
                      <span className="shrink-0 text-foam-400">
                        {formatDateTime(game.completedAt)}
                      </span>
                    </span>
                    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm">
                      {[...game.players]
                        .sort((x, y) => (x.rank ?? 99) - (y.rank ?? 99))
                        .map((player, index) => (
                          <span key={`${player.memberId ?? 'p'}-${index}`}>
                            <span className="font-bold text-amber-300">
                              {player.rank === null ? '–' : `${formatNumber(player.rank)}.`}
                            </span>{' '}
                            {player.name}
                          </span>
                        ))}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
