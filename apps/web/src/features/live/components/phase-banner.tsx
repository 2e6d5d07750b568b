import type { GameState } from '@beerscale/contract/game-state';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { RoundRules } from '../../../components/rules/round-rules';

/** Phases where nobody weighs: the house rules' prompt below names who is asked. */
export const waitsForWords = (game: GameState) =>
  game.phase === 'CALLING' || game.phase === 'GIVING' || game.phase === 'ESTIMATING';

/**
 * Seen across a table: the target is the biggest thing on the page and the player on turn is
 * named in large type; the sentence below only says what to do.
 */
export function PhaseBanner({ game, canStart }: { game: GameState; canStart: boolean }) {
  const { t } = useT();
  const onTurn = game.players.find((p) => p.id === game.currentPlayerId);
  const instruction =
    game.status === 'configured'
      ? canStart
        ? t('live.leaderStart')
        : t('live.waitLeader')
      : game.phase === 'INITIAL_WEIGHING'
        ? t('live.putFull')
        : game.phase === 'DRINKING'
          ? t('live.drink')
          : game.phase === 'SCORING'
            ? t('live.putBack')
            : game.phase === 'FINALE'
              ? t('rules.finalePrompt')
              : // Calling, giving and estimating say what they wait for below.
                game.phase === 'CALLING' || game.phase === 'GIVING' || game.phase === 'ESTIMATING'
                ? null
                : t('live.gameOver');
  return (
    <section aria-label={t('live.status')} className="card text-center">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold text-foam-200">
        <span className="rounded-full bg-amber-400/15 px-3 py-1 text-amber-300">
          {game.phase ? t(`phase.${game.phase}`) : t('phase.setUp')}
        </span>
        {/* The finale counts as a round after the last: its phase says where the game is. */}
        {game.round > 0 && game.round <= game.roundsPlanned && (
          <span>{t('live.round', { round: game.round, total: game.roundsPlanned })}</span>
        )}
      </div>
      {game.target !== null && (
        <p className="mt-3">
          <span className="block text-sm font-bold tracking-widest text-foam-400 uppercase">
            {t('live.target')}
          </span>
          <span
            className="font-mono text-[clamp(5rem,30vw,11rem)] leading-none font-black text-amber-400 tabular-nums"
            data-testid="live-target"
          >
            {formatNumber(game.target)}
            <span className="ml-1 text-[0.3em] text-amber-300/80">{t('live.grams')}</span>
          </span>
        </p>
      )}
      {onTurn && game.status === 'active' && !waitsForWords(game) && (
        <p className="mt-4">
          <span className="block text-sm font-bold tracking-widest text-foam-400 uppercase">
            {t('live.onTurn')}
          </span>
          <span
            className="block text-4xl font-black break-words text-foam-50 sm:text-5xl"
            data-testid="live-on-turn"
          >
            {onTurn.playerName}
          </span>
        </p>
      )}
      {game.status === 'active' && (
        <div className="mt-3">
          <RoundRules game={game} />
        </div>
      )}
      {instruction && (
        <p className="mt-2 text-lg font-bold text-foam-200" aria-live="polite">
          {instruction}
        </p>
      )}
    </section>
  );
}
