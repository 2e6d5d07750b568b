import { Play } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import type { TournamentGame } from '@beerscale/contract/tournaments';
import { formatGrams } from '../../../i18n/format';
import { useT, type TextKey } from '../../../i18n/use-t';
import { gameLabel } from './labels';

/**
 * One game of the night on the table screen: which game, on which scale; once it runs, its phase,
 * round and target, and each player's line (the last difference, the mean; who is on turn).
 */
export function LiveGameCard({ row, game }: { row: TournamentGame; game: GameState | null }) {
  const { t } = useT();
  const running = game !== null && game.status === 'active';
  const players = game ? [...game.players].sort((a, b) => a.position - b.position) : null;
  return (
    <article className="card min-w-0 space-y-2 p-4 md:p-4" data-testid="live-game">
      <h3 className="flex flex-wrap items-baseline justify-between gap-x-3 text-3xl font-black">
        <span>{gameLabel(row)}</span>
        {row.scaleAddress && (
          <span className="font-mono text-2xl font-semibold text-foam-300">
            {t('tournaments.scaleShort', { scale: row.scaleAddress.slice(-4) })}
          </span>
        )}
      </h3>
      {running ? (
        <p className="flex flex-wrap items-baseline gap-x-4 text-2xl">
          <span className="rounded-full bg-amber-400/15 px-3 text-amber-300">
            {game.phase ? t(`phase.${game.phase}` as TextKey) : t('phase.setUp')}
          </span>
          {game.round > 0 && (
            <span>{t('tournaments.round', { round: game.round, rounds: game.roundsPlanned })}</span>
          )}
          {game.target !== null && (
            <span className="font-black text-amber-300">
              {t('tournaments.target', { target: formatGrams(game.target) })}
            </span>
          )}
        </p>
      ) : (
        <p className="text-2xl text-foam-200">{t('tournaments.startingSoon')}</p>
      )}
      <ul className="space-y-1 text-2xl 2xl:text-3xl">
        {(players ?? row.players.map((p, i) => ({ id: -1 - i, playerName: p.name }))).map((p) => {
          const line = players?.find((x) => x.id === p.id);
          const onTurn = running && game.currentPlayerId === p.id;
          const last = line?.differences.at(-1);
          return (
            <li
              key={p.id}
              className={`flex items-baseline justify-between gap-3 rounded-xl px-2 ${
                onTurn ? 'bg-amber-400 text-malt-950' : ''
              }`}
            >
              <span className="min-w-0 truncate font-bold">
                {onTurn && <Play className="mr-1 inline size-5 fill-current" aria-hidden />}
                {p.playerName}
                {onTurn && <span className="sr-only"> {t('tournaments.onTurn')}</span>}
              </span>
              {line && (
                <span className="shrink-0 font-mono tabular-nums">
                  {last === undefined ? '–' : formatGrams(last)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
