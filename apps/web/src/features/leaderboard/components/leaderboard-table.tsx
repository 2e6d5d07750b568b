import { Award, Medal, Trophy } from 'lucide-react';
import { ERRORS } from '@beerscale/contract/messages';
import { errorMessage } from '../../../lib/api-client';
import { useLeaderboard } from '../api/leaderboard';

const PODIUM = [
  { icon: Trophy, label: 'First place', color: 'text-amber-400' },
  { icon: Medal, label: 'Second place', color: 'text-foam-200' },
  { icon: Award, label: 'Third place', color: 'text-orange-300' },
];

/** SPEC §2 leaderboard: rank, player with presence, rounded ELO, mean difference, games. */
export function LeaderboardTable() {
  const board = useLeaderboard();
  if (board.isPending) return <div className="card h-64 animate-pulse" aria-label="Loading" />;
  if (board.isError)
    return (
      <p role="alert" className="banner-error">
        {errorMessage(board.error, ERRORS.fetchLeaderboard)}
      </p>
    );
  if (board.data.length === 0) {
    return (
      <section className="card text-center">
        <Trophy className="mx-auto size-12 text-foam-400" aria-hidden />
        <p className="mt-3 text-xl font-bold">No games played yet!</p>
        <p className="mt-1 text-foam-200">Complete a game to see the leaderboard.</p>
        <p className="mt-3 text-sm text-foam-400">
          The leaderboard counts ranked games only: casual games show on your home page.
        </p>
      </section>
    );
  }
  return (
    <section className="card overflow-x-auto p-0">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-malt-700 text-xs tracking-wide text-foam-400 uppercase">
          <tr>
            <th className="py-3 pr-1 pl-3 sm:pl-4">Rank</th>
            <th className="w-full px-1.5 py-3 sm:px-2">Player</th>
            <th className="px-1.5 py-3 text-right sm:px-2">ELO</th>
            <th className="px-1.5 py-3 text-right sm:px-2">
              {/* Phones have no room for the full heading on one line. */}
              <span className="sm:hidden" aria-hidden>
                Avg.
              </span>
              <span className="sr-only sm:not-sr-only sm:whitespace-nowrap">Avg. Difference</span>
            </th>
            <th className="py-3 pr-3 pl-1.5 text-right sm:pr-4 sm:pl-2">Games</th>
          </tr>
        </thead>
        <tbody>
          {board.data.map((player, index) => {
            const podium = PODIUM[index];
            const online = player.status !== 'offline';
            return (
              <tr key={player.id} className="border-b border-malt-800 last:border-0">
                <td className="py-3 pr-1 pl-3 font-bold whitespace-nowrap sm:pl-4">
                  <span className="inline-flex items-center gap-1.5">
                    {index + 1}
                    {podium && (
                      <podium.icon className={`size-4 ${podium.color}`} aria-label={podium.label} />
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
                    <span className="sr-only">{online ? 'Online' : 'Offline'}</span>
                    {/* The dot alone on phones, where the word would push Games off screen. */}
                    <span
                      className={`hidden text-xs font-normal sm:inline ${online ? 'text-hop-400' : 'text-foam-400'}`}
                      aria-hidden
                    >
                      {online ? 'Online' : 'Offline'}
                    </span>
                  </span>
                </td>
                <td className="px-1.5 py-3 text-right font-bold tabular-nums sm:px-2">
                  {Math.round(player.currentElo)}
                </td>
                <td className="px-1.5 py-3 text-right whitespace-nowrap tabular-nums sm:px-2">
                  {player.averageMeanDifference === null
                    ? '–'
                    : `${player.averageMeanDifference.toFixed(1)} g`}
                </td>
                <td className="py-3 pr-3 pl-1.5 text-right whitespace-nowrap tabular-nums sm:pr-4 sm:pl-2">
                  {player.gamesPlayed}{' '}
                  {/* Under the count on phones, where 4-digit counts leave no room beside it. */}
                  <span className="block text-xs text-foam-400 sm:inline sm:text-sm">
                    ({player.gamesWon}W)
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
