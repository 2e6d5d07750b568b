import { Keyboard, Star } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { formatMean, ruledOrder } from '../standings';
import { OutTag, PenaltyMarks } from '../../../components/rules/penalty-marks';
import { scoreText, scoringLabel } from '../../../i18n/rules-text';
import { TypedMark } from './typed-mark';
import { useT } from '../../../i18n/use-t';
import { playerName } from '../../../i18n/player-name';
import { DrinkIcon } from '../../../components/drinks/drink-icon';
import { LimitNotice } from '../../../components/drinks/limit-notice';

export function Scoreboard({ game }: { game: GameState }) {
  const { t } = useT();
  const order = ruledOrder(game);
  // House rules rank by their own number: its column stands beside the mean.
  const scoring = game.rules.scoring === 'mean' ? null : game.rules.scoring;
  const rounds = Array.from(
    { length: Math.max(game.round, ...game.players.map((p) => p.differences.length)) },
    (_, i) => i,
  );
  return (
    <section aria-label={t('live.scores')} className="card overflow-x-auto p-0">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-malt-700 text-xs uppercase tracking-wide text-foam-400">
          <tr>
            <th className="py-3 pr-1 pl-4">#</th>
            <th className="px-2 py-3">{t('live.player')}</th>
            <th className="hidden px-2 py-3 text-right sm:table-cell">{t('live.start')}</th>
            <th className="hidden px-2 py-3 text-right sm:table-cell">{t('live.last')}</th>
            {rounds.map((r) => (
              <th key={r} className="hidden px-2 py-3 text-right sm:table-cell">
                {t('live.roundShort', { n: r + 1 })}
              </th>
            ))}
            {/* A phone has room for one figure column: the scoring's, when it has one. */}
            <th className={`px-4 py-3 text-right ${scoring ? 'hidden sm:table-cell' : ''}`}>
              {t('live.mean')}
            </th>
            {scoring && <th className="px-4 py-3 text-right">{scoringLabel(scoring)}</th>}
          </tr>
        </thead>
        <tbody>
          {order.map((p, index) => (
            <tr
              key={p.id}
              className={`border-b border-malt-800 last:border-0 ${p.id === game.currentPlayerId ? 'bg-amber-400/10' : ''}`}
            >
              <td className="py-3 pr-1 pl-4 font-bold text-foam-400">
                {p.meanDifference === null && p.rank === null ? '–' : (p.rank ?? index + 1)}
              </td>
              <td className="px-2 py-3 font-semibold">
                <span className={p.disqualified ? 'line-through opacity-70' : undefined}>
                  {playerName(p)}
                </span>
                <DrinkIcon drink={p.drink} className="ml-1 align-middle" />
                {p.disqualified && <OutTag />}
                <PenaltyMarks player={p} players={game.players} />
                {p.team !== null && (
                  <span className="ml-2 text-xs font-normal text-foam-400">
                    {t('rules.team', { n: p.team })}
                  </span>
                )}
                {p.id === game.currentPlayerId && (
                  <span className="ml-2 text-xs text-amber-300">{t('live.onTurnTag')}</span>
                )}
                <LimitNotice player={p} className="text-xs" />
                {/* Phones have no room for the Start and Last columns: the same figures here. */}
                {p.startWeight !== null && (
                  <span className="block text-xs font-normal text-foam-400 tabular-nums sm:hidden">
                    <span className="whitespace-nowrap">
                      {p.startWeight} g{p.typedRounds.includes(0) && <TypedMark />}
                    </span>{' '}
                    <span className="whitespace-nowrap">→ {p.lastWeight ?? p.startWeight} g</span>
                  </span>
                )}
                {/* A column per round ran off a 390 px phone: the rounds wrap under the name. */}
                {p.differences.length > 0 && (
                  <span
                    className="mt-0.5 flex flex-wrap gap-x-2 text-xs font-normal text-foam-400 tabular-nums sm:hidden"
                    data-testid="phone-rounds"
                  >
                    {p.differences.map((d, r) => (
                      <span
                        key={r}
                        className={`whitespace-nowrap ${d === 0 ? 'font-bold text-hop-400' : ''}`}
                      >
                        {t('live.roundShort', { n: r + 1 })} {d}
                        {d === 0 && (
                          <Star
                            className="ml-0.5 inline size-3 fill-current"
                            aria-label={t('live.exactMatch')}
                          />
                        )}
                        {p.typedRounds.includes(r + 1) && <TypedMark />}
                      </span>
                    ))}
                  </span>
                )}
              </td>
              <td className="hidden px-2 py-3 text-right whitespace-nowrap tabular-nums sm:table-cell">
                {p.startWeight ?? '–'}
                {p.startWeight !== null && p.typedRounds.includes(0) && <TypedMark />}
              </td>
              <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell">
                {p.lastWeight ?? '–'}
              </td>
              {rounds.map((r) => {
                const d = p.differences[r];
                return (
                  <td
                    key={r}
                    className={`hidden px-2 py-3 text-right whitespace-nowrap tabular-nums sm:table-cell ${d === 0 ? 'font-bold text-hop-400' : ''}`}
                  >
                    {d === undefined ? (
                      ''
                    ) : d === 0 ? (
                      <span className="inline-flex items-center gap-0.5">
                        <Star className="size-3.5 fill-current" aria-label={t('live.exactMatch')} />
                        0
                      </span>
                    ) : (
                      d
                    )}
                    {d !== undefined && p.typedRounds.includes(r + 1) && <TypedMark />}
                  </td>
                );
              })}
              <td
                className={`px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums ${scoring ? 'hidden sm:table-cell' : ''}`}
              >
                {formatMean(p.meanDifference)}
              </td>
              {scoring && (
                <td className="px-4 py-3 text-right font-bold whitespace-nowrap tabular-nums">
                  {scoreText(scoring, p.score)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {game.players.some((p) => p.typedRounds.length > 0) && (
        // The key to the marker, which phones show as an icon only.
        <p className="flex items-center gap-1.5 border-t border-malt-800 px-4 py-2 text-xs text-foam-400">
          <Keyboard className="size-3.5" aria-hidden />
          {t('typed.title')}
        </p>
      )}
    </section>
  );
}
