import { ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import type { TournamentGame, TournamentReply } from '@beerscale/contract/tournaments';
import { useT } from '../../../i18n/use-t';
import { byStage, gameLabel, gameStatusName, stageHeading } from './labels';

const STATUS_CLASS: Record<TournamentGame['status'], string> = {
  waiting: 'bg-malt-800 text-foam-300',
  ready: 'bg-amber-400/15 text-amber-300',
  configured: 'bg-amber-400/25 text-amber-200',
  active: 'bg-hop-500/20 text-hop-400',
  completed: 'bg-malt-700 text-foam-100',
  dropped: 'bg-malt-800 text-foam-400 line-through',
};

/** The schedule by stage: each game's status, scale, players and, once played, its page. */
export function SchedulePanel({ reply }: { reply: TournamentReply }) {
  const { t } = useT();
  const stages = byStage(reply.schedule);
  return (
    <section className="card" aria-labelledby="tournament-schedule">
      <h2 id="tournament-schedule" className="text-xl font-black">
        {t('tournaments.schedule')}
      </h2>
      <div className="mt-3 space-y-4">
        {stages.map(({ stage, games }) => (
          <div key={`${stage}-${games[0]!.index}`}>
            {reply.format === 'heats' && (
              <h3 className="mb-2 text-sm font-bold tracking-wide text-foam-300 uppercase">
                {stageHeading(stage)}
              </h3>
            )}
            <ul className="space-y-2">
              {games.map(({ game, index }) => (
                <li
                  key={index}
                  data-testid="scheduled-game"
                  className="rounded-2xl bg-malt-800/60 px-3 py-2.5"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-bold">{gameLabel(game)}</span>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_CLASS[game.status]}`}
                    >
                      {gameStatusName(game.status)}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-foam-200 wrap-anywhere">
                    {game.players.length > 0
                      ? game.players.map((p) => p.name).join(' · ')
                      : t('tournaments.playersDecided')}
                  </p>
                  {(game.scaleAddress || (game.status === 'completed' && game.gameId)) && (
                    <p className="mt-1 flex flex-wrap items-center gap-x-4 text-sm">
                      {game.scaleAddress && (
                        <span className="text-foam-300">
                          {t('tournaments.onScale')}{' '}
                          <span className="font-mono">{game.scaleAddress}</span>
                        </span>
                      )}
                      {game.status === 'completed' && game.gameId !== null && (
                        <Link
                          to={`/games/${game.gameId}`}
                          className="link inline-flex items-center gap-1"
                        >
                          {t('tournaments.gamePage')}
                          <ExternalLink className="size-3.5" aria-hidden />
                        </Link>
                      )}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
