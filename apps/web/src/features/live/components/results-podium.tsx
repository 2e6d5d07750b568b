import { Award, Medal, Trophy } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { formatMean, ruledOrder } from '../standings';
import { OutTag } from '../../../components/rules/penalty-marks';
import { penaltyLogText, scoreText, scoreUnit } from '../../../i18n/rules-text';
import { useT } from '../../../i18n/use-t';
import { RatingNote } from './rating-note';
import { playerName } from '../../../i18n/player-name';
import { DrankLine, DrinkIcon } from '../../../components/drinks/drink-icon';

const ICONS = [Trophy, Medal, Award];

export function ResultsPodium({ game }: { game: GameState }) {
  const { t } = useT();
  const order = ruledOrder(game).filter((p) => p.rank !== null);
  const scoring = game.rules.scoring === 'mean' ? null : game.rules.scoring;
  const nameOf = (id: number) => game.players.find((p) => p.id === id)?.playerName;
  // The finale's reading is one difference more than the rounds planned: not a round.
  const differences = Math.max(0, ...game.players.map((p) => p.differences.length));
  const finalePlayed = game.rules.finale !== 'none' && differences > game.roundsPlanned;
  const played = Math.min(differences, game.roundsPlanned);
  return (
    <section aria-label={t('live.results')} className="card">
      <h2 className="text-center text-2xl font-black">{t('live.finalResults')}</h2>
      <p className="mt-1 mb-4 text-center text-sm text-foam-400">
        {played < game.roundsPlanned
          ? t('live.endedAfter', { played, total: game.roundsPlanned })
          : t(finalePlayed ? 'live.roundsPlayedFinale' : 'live.roundsPlayed', { count: played })}
      </p>
      {game.rating ? (
        <RatingNote game={game} />
      ) : (
        game.rated === false && (
          <p role="note" className="mb-4 rounded-xl bg-malt-800 px-3 py-2 text-center text-sm">
            {t('live.notRated')}
          </p>
        )
      )}
      <ol className="space-y-2">
        {order.map((p) => {
          const Icon = ICONS[(p.rank ?? 4) - 1];
          const change =
            p.eloBefore !== null && p.eloAfter !== null ? p.eloAfter - p.eloBefore : null;
          return (
            // Name over exact matches, average over rating change: four columns fit a phone.
            <li
              key={p.id}
              className={`flex flex-wrap items-center gap-2 rounded-xl px-3 py-3 sm:gap-3 ${p.rank === 1 ? 'bg-amber-400/15' : 'bg-malt-800/60'}`}
            >
              <span className="w-6 shrink-0 text-center text-lg font-black sm:w-8">{p.rank}</span>
              {Icon ? (
                <Icon className="size-6 shrink-0 text-amber-400" aria-hidden />
              ) : (
                <span className="size-6 shrink-0" />
              )}
              <span className="min-w-0 flex-1">
                <span className={`font-bold ${p.disqualified ? 'line-through opacity-70' : ''}`}>
                  {playerName(p)}
                </span>
                <DrinkIcon drink={p.drink} className="ml-1 align-middle" />
                {p.disqualified && <OutTag />}
                {p.rank === 1 && (
                  <span className="ml-2 inline-block rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-malt-950">
                    {t('live.winner')}
                  </span>
                )}
                <span className="block text-sm text-foam-400">
                  {t('live.exact', { count: p.exactMatches })}
                  {p.team !== null && ` · ${t('rules.team', { n: p.team })}`}
                </span>
                <DrankLine player={p} />
              </span>
              <span className="shrink-0 text-right whitespace-nowrap tabular-nums">
                {scoring && (
                  <span className="block font-black text-amber-300" data-testid="result-score">
                    {scoreText(scoring, p.score)}
                    <span className="block text-xs font-semibold text-foam-400">
                      {scoreUnit(scoring, p.score)}
                    </span>
                  </span>
                )}
                <span className={`block ${scoring ? 'text-sm text-foam-400' : 'font-semibold'}`}>
                  {formatMean(p.meanDifference)}
                </span>
                {change !== null && (
                  <span
                    className={`block text-sm font-bold ${change >= 0 ? 'text-hop-400' : 'text-red-300'}`}
                  >
                    {change >= 0 ? '+' : ''}
                    {Math.round(change)}
                  </span>
                )}
              </span>
              {/* The reasons take the row's whole width: a phone's name column is narrow. */}
              {p.penalties > 0 && (
                <span
                  className="basis-full pl-16 text-sm text-red-200 sm:pl-20"
                  data-testid="result-penalties"
                >
                  {/* Counted in what the player drinks for them: Schnaps, or sips of their own. */}
                  {t(p.penaltyDrink === 'spirit' ? 'rules.penaltySpirits' : 'rules.penaltySips', {
                    count: p.penalties,
                  })}
                  : {penaltyLogText(p.penaltyLog, nameOf)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
