import { Link } from 'wouter';
import type { GamePlayerState, GameState, PenaltyEntry } from '@beerscale/contract/game-state';
import { AwardsList } from '../../../components/awards-list';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { RulesLine } from '../../../components/rules/rules-line';
import { OutTag } from '../../../components/rules/penalty-marks';
import { formatDateTime, formatElo, formatGrams, formatNumber } from '../../../i18n/format';
import { gameName } from '../../../i18n/game-name';
import { useT, type TextKey } from '../../../i18n/use-t';
import { ordinal } from '../../../lib/ordinal';
import { formatMean, ruledOrder } from '../../../lib/standings';
import { useGamePage } from '../api/game';
import { GameCard } from './game-card';

/**
 * A game's own page (/games/{id}): who played, under which rules, every round's reading, the
 * penalties and why, the awards and the card. Everything comes from the game's snapshot, so a
 * finished game reads the same the morning after as at the table.
 */
export function GamePageView({ id }: { id: number }) {
  const game = useGamePage(id);
  const { t } = useT();
  return (
    <QueryState
      query={game}
      errorText={t('gamePage.error')}
      loadingLabel={t('gamePage.loading')}
      skeleton={<div className="card h-64 animate-pulse" />}
    >
      {(state) => <GamePage game={state} />}
    </QueryState>
  );
}

function GamePage({ game }: { game: GameState }) {
  const { t } = useT();
  const order = ruledOrder(game);
  const ended = game.completedAt ? formatDateTime(game.completedAt) : null;
  return (
    <div className="space-y-4">
      <PageTitle
        subtitle={
          <>
            {/* A fast game's stock name already says what it was; a ranked one says so. */}
            {[
              game.mode === 'ranked' ? t('game.ranked') : null,
              ended && t('gamePage.playedOn', { date: ended }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </>
        }
      >
        <span className="wrap-anywhere">{gameName(game.name)}</span>
      </PageTitle>
      {game.status === 'cancelled' && <p className="card">{t('gamePage.cancelled')}</p>}
      {game.status !== 'completed' && game.status !== 'cancelled' && (
        <p className="card flex flex-wrap items-center justify-between gap-3">
          {t('gamePage.notOver')}
          <Link to="/live" className="btn-secondary">
            {t('gamePage.followLive')}
          </Link>
        </p>
      )}
      <RulesLine rules={game.rules} />
      <Standings game={game} order={order} />
      <Rounds game={game} order={order} />
      <Penalties game={game} order={order} />
      <AwardsList game={game} />
      <GameCard game={game} />
    </div>
  );
}

/**
 * What a player drank: the responsible-play figures (drankGrams) once the snapshot carries
 * them; until then the column stays out.
 */
function drankOf(p: GamePlayerState): number | null {
  const value: unknown = (p as Record<string, unknown>).drankGrams;
  return typeof value === 'number' ? value : null;
}

function Standings({ game, order }: { game: GameState; order: GamePlayerState[] }) {
  const { t, language } = useT();
  const scored = game.rules.scoring !== 'mean';
  const drank = order.some((p) => drankOf(p) !== null);
  const rated = game.mode === 'ranked' && order.some((p) => p.eloAfter !== null);
  return (
    <section className="card overflow-x-auto" aria-labelledby="game-players-title">
      <h2 id="game-players-title" className="mb-3 text-lg font-bold">
        {t('gamePage.players')}
      </h2>
      <table className="w-full text-left text-xs sm:text-sm">
        <thead className="text-foam-400">
          <tr>
            <th scope="col" className="py-1 pr-1.5 sm:pr-2">
              {t('gamePage.place')}
            </th>
            <th scope="col" className="py-1 pr-1.5 sm:pr-2">
              {t('gamePage.player')}
            </th>
            {scored && (
              <th scope="col" className="py-1 pr-1.5 sm:pr-2 text-right">
                {t('gamePage.score')}
              </th>
            )}
            <th scope="col" className="py-1 pr-1.5 sm:pr-2 text-right">
              {t('gamePage.mean')}
            </th>
            {/* Phones leave exact hits to the awards: the table fits 390 px without scrolling. */}
            <th scope="col" className="hidden py-1 pr-1.5 sm:pr-2 text-right sm:table-cell">
              {t('gamePage.exact')}
            </th>
            <th scope="col" className="py-1 pr-1.5 sm:pr-2 text-right">
              {t('home.penalties')}
            </th>
            {drank && (
              <th scope="col" className="py-1 pr-1.5 sm:pr-2 text-right">
                {t('gamePage.drank')}
              </th>
            )}
            {rated && (
              <th scope="col" className="py-1 text-right">
                ELO
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {order.map((p) => (
            <tr key={p.id} className="border-t border-malt-700/60">
              <td className="py-2 pr-1.5 sm:pr-2 font-bold">
                {p.rank === null ? '–' : ordinal(p.rank, language)}
              </td>
              <th scope="row" className="py-2 pr-1.5 sm:pr-2 font-semibold">
                <span className={p.disqualified ? 'line-through' : undefined}>{p.playerName}</span>
                {p.disqualified && <OutTag />}
              </th>
              {scored && (
                <td className="py-2 pr-1.5 sm:pr-2 text-right tabular-nums">
                  {p.score === null ? '–' : formatNumber(p.score, 1)}
                </td>
              )}
              <td className="py-2 pr-1.5 sm:pr-2 text-right whitespace-nowrap tabular-nums">
                {formatMean(p.meanDifference)}
              </td>
              <td className="hidden py-2 pr-1.5 sm:pr-2 text-right tabular-nums sm:table-cell">
                {p.exactMatches}
              </td>
              <td className="py-2 pr-1.5 sm:pr-2 text-right tabular-nums">{p.penalties}</td>
              {drank && (
                <td className="py-2 pr-1.5 sm:pr-2 text-right whitespace-nowrap tabular-nums">
                  {drankOf(p) === null ? '–' : formatGrams(drankOf(p)!)}
                </td>
              )}
              {rated && (
                <td className="py-2 text-right whitespace-nowrap tabular-nums">
                  {p.eloBefore === null || p.eloAfter === null
                    ? '–'
                    : `${formatElo(p.eloBefore)} → ${formatElo(p.eloAfter)}`}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Round 0 is the full container; then each round's reading and how far it was off. */
function Rounds({ game, order }: { game: GameState; order: GamePlayerState[] }) {
  const { t } = useT();
  const rounds = Math.max(
    0,
    ...order.map((p) => Math.max(p.differences.length, (p.weights?.length ?? 1) - 1)),
  );
  if (rounds === 0 && order.every((p) => p.startWeight === null)) return null;
  const label = (round: number) =>
    round === 0
      ? t('gamePage.full')
      : round > game.roundsPlanned
        ? t('gamePage.finale')
        : t('gamePage.round', { round });
  return (
    <section className="card overflow-x-auto" aria-labelledby="game-rounds-title">
      <h2 id="game-rounds-title" className="mb-3 text-lg font-bold">
        {t('gamePage.rounds')}
      </h2>
      <table className="w-full text-left text-xs sm:text-sm">
        <thead className="text-foam-400">
          <tr>
            <th scope="col" className="py-1 pr-1.5 sm:pr-2">
              <span className="sr-only">{t('gamePage.roundHeader')}</span>
            </th>
            {order.map((p) => (
              <th key={p.id} scope="col" className="py-1 pr-1.5 sm:pr-2 text-right font-semibold">
                {p.playerName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rounds + 1 }, (_, round) => (
            <tr key={round} className="border-t border-malt-700/60">
              <th scope="row" className="py-2 pr-1.5 sm:pr-2 font-semibold whitespace-nowrap">
                {label(round)}
              </th>
              {order.map((p) => {
                const weight = round === 0 ? p.startWeight : (p.weights?.[round] ?? null);
                const off = round === 0 ? undefined : p.differences[round - 1];
                return (
                  <td key={p.id} className="py-2 pr-1.5 sm:pr-2 text-right tabular-nums">
                    <span className="block whitespace-nowrap">
                      {weight === null ? '–' : formatGrams(weight)}
                    </span>
                    {off !== undefined && (
                      <span className="block text-xs whitespace-nowrap text-foam-400">
                        {t('gamePage.off', { grams: formatGrams(off) })}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const REASONS: Record<PenaltyEntry['reason'], TextKey> = {
  farthest: 'rules.reason.farthest',
  over: 'rules.reason.over',
  under: 'rules.reason.under',
  schnapszahl: 'rules.reason.schnapszahl',
  twins: 'rules.reason.twins',
  exact: 'rules.reason.exact',
  given: 'rules.reason.given',
};

function Penalties({ game, order }: { game: GameState; order: GamePlayerState[] }) {
  const { t } = useT();
  const penalised = order.filter((p) => p.penaltyLog.length > 0);
  const nameOf = (id: number | undefined) =>
    game.players.find((p) => p.id === id)?.playerName ?? '';
  const roundOf = (round: number) =>
    round > game.roundsPlanned ? t('gamePage.finale') : t('gamePage.round', { round });
  return (
    <section className="card" aria-labelledby="game-penalties-title">
      <h2 id="game-penalties-title" className="mb-3 text-lg font-bold">
        {t('gamePage.penalties')}
      </h2>
      {penalised.length === 0 ? (
        <p className="text-foam-400">{t('gamePage.noPenalties')}</p>
      ) : (
        <ul className="space-y-2">
          {penalised.map((p) => (
            <li key={p.id}>
              <span className="font-semibold">{p.playerName}</span>
              <ul className="text-sm text-foam-200">
                {p.penaltyLog.map((entry, i) => (
                  <li key={i}>
                    {roundOf(entry.round)}:{' '}
                    {t(REASONS[entry.reason], { name: nameOf(entry.fromPlayerId) })}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
