import { Award, Medal, Trophy } from 'lucide-react';
import type { LeaderboardEntry } from '@beerscale/contract/leaderboard';
import { QueryState } from '../../../components/query-state';
import { useLeaderboard } from '../api/leaderboard';
import { formatElo, formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { ProvisionalMark } from '../../../components/provisional-mark';

const PODIUM = [
  { icon: Trophy, label: 'board.first', color: 'text-amber-400' },
  { icon: Medal, label: 'board.second', color: 'text-foam-200' },
  { icon: Award, label: 'board.third', color: 'text-orange-300' },
] as const;

/** The leaderboard: rank, player with presence, rounded ELO, mean difference, games. */
export function LeaderboardTable() {
  const board = useLeaderboard();
  const { t } = useT();
  return (
    <QueryState
      query={board}
      errorText={t('error.FETCH_LEADERBOARD')}
      skeleton={<div className="card h-64 animate-pulse" />}
    >
      {(players) => <Board players={players} />}
    </QueryState>
  );
}

function Board({ players }: { players: LeaderboardEntry[] }) {
  const { t } = useT();
  if (players.length === 0) {
    return (
      <section className="card text-center">
        <Trophy className="mx-auto size-12 text-foam-400" aria-hidden />
        <p className="mt-3 text-xl font-bold">{t('board.empty')}</p>
        <p className="mt-1 text-foam-200">{t('board.emptyHint')}</p>
        <p className="mt-3 text-sm text-foam-400">{t('board.rankedOnly')}</p>
      </section>
    );
  }
  return (
    <section className="card overflow-x-auto p-0">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-malt-700 text-xs tracking-wide text-foam-400 uppercase">
          <tr>
            <th className="py-3 pr-1 pl-3 sm:pl-4">{t('board.rank')}</th>
            <th className="w-full px-1.5 py-3 sm:px-2">{t('board.player')}</th>
            <th className="px-1.5 py-3 text-right sm:px-2">{t('board.elo')}</th>
            <th className="px-1.5 py-3 text-right sm:px-2">
              {/* Phones have no room for the full heading on one line. */}
              <span className="sm:hidden" aria-hidden>
                {t('board.avgShort')}
              </span>
              <span className="sr-only sm:not-sr-only sm:whitespace-nowrap">{t('board.avg')}</span>
            </th>
            <th className="py-3 pr-3 pl-1.5 text-right sm:pr-4 sm:pl-2">{t('board.games')}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((player, index) => {
            const podium = PODIUM[index];
            const online = player.status !== 'offline';
            return (
              <tr key={player.id} className="border-b border-malt-800 last:border-0">
                <td className="py-3 pr-1 pl-3 font-bold whitespace-nowrap sm:pl-4">
                  <span className="inline-flex items-center gap-1.5">
                    {index + 1}
                    {podium && (
                      <podium.icon
                        className={`size-4 ${podium.color}`}
                        aria-label={t(podium.label)}
                      />
                    )}
                  </span>
                </td>
                {/* max-w-0 with w-full: the name takes what is left and truncates, never wraps. */}
                <td className="max-w-0 px-1.5 py-3 font-semibold sm:px-2">
                  <span className="flex items-center gap-2">
                    <span
                      className={`size-2.5 shrink-0 rounded-full ${online ? 'bg-hop-400' : 'bg-malt-600'}`}
                      aria-hidden
                    />
                    <span className="truncate" title={player.playerName} data-testid="player-name">
                      {player.playerName}
                    </span>
                    <span className="sr-only">
                      {online ? t('board.online') : t('board.offline')}
                    </span>
                    {/* The dot alone on phones, where the word would push Games off screen. */}
                    <span
                      className={`hidden text-xs font-normal sm:inline ${online ? 'text-hop-400' : 'text-foam-400'}`}
                      aria-hidden
                    >
                      {online ? t('board.online') : t('board.offline')}
                    </span>
                  </span>
                </td>
                <td className="px-1.5 py-3 text-right font-bold tabular-nums sm:px-2">
                  <span className="whitespace-nowrap">
                    {formatElo(player.currentElo)}
                    {player.provisional && <ProvisionalMark />}
                  </span>
                </td>
                <td className="px-1.5 py-3 text-right whitespace-nowrap tabular-nums sm:px-2">
                  {player.averageMeanDifference === null
                    ? '–'
                    : `${formatNumber(player.averageMeanDifference, 1)} g`}
                </td>
                <td className="py-3 pr-3 pl-1.5 text-right whitespace-nowrap tabular-nums sm:pr-4 sm:pl-2">
                  {formatNumber(player.gamesPlayed)}{' '}
                  {/* Under the count on phones, where 4-digit counts leave no room beside it. */}
                  <span className="block text-xs text-foam-400 sm:inline sm:text-sm">
                    {t('board.won', { count: player.gamesWon })}
                  </span>
                  <span className="block text-xs text-foam-400" data-testid="verified-games">
                    {t('board.verified', { count: formatNumber(player.verifiedGames) })}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
