import { Check, Dices, Hourglass, Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { useT } from '../../i18n/use-t';

/** Who gives the waiting penalty: the exact hitter on turn in phase GIVING. */
export const giverOf = (game: GameState) =>
  game.phase === 'GIVING'
    ? (game.players.find((p) => p.id === game.currentPlayerId) ?? null)
    : null;

export const callerOf = (game: GameState) =>
  game.caller === null ? null : (game.players.find((p) => p.id === game.caller) ?? null);

/**
 * What the house rules add to a round, for everyone at the table (/live and /watch): the
 * caller, the dice, the exact hitter's penalty to give, the finale's estimates. Nothing for a
 * game whose rules add nothing now.
 */
export function RoundRules({ game, large = false }: { game: GameState; large?: boolean }) {
  const { t } = useT();
  const caller = callerOf(game);
  const giver = giverOf(game);
  const text = large ? 'text-2xl sm:text-3xl' : 'text-lg';
  const lines: ReactNode[] = [];
  if (game.phase === 'CALLING' && caller) {
    lines.push(
      <p key="caller" className={`flex items-center justify-center gap-2 font-black ${text}`}>
        <Megaphone className="size-6 shrink-0 text-amber-400" aria-hidden />
        <span data-testid="rules-caller">{t('rules.callPrompt', { name: caller.playerName })}</span>
      </p>,
    );
  }
  if (game.dice && game.status === 'active') {
    // Always two dice (the contract's two-item array), higher first.
    const [high = 0, low = 0] = game.dice;
    lines.push(
      <p key="dice" className={`flex items-center justify-center gap-2 font-bold ${text}`}>
        <Dices className="size-6 shrink-0 text-amber-400" aria-hidden />
        <span data-testid="rules-dice">
          {t('rules.dice', { high, low })} · {t('rules.diceAmount', { grams: 10 * high + low })}
        </span>
      </p>,
    );
  }
  if (giver) {
    lines.push(
      <p key="giver" className={`font-black ${text}`} data-testid="rules-giver">
        {t('rules.givePrompt', { name: giver.playerName })}
      </p>,
    );
  }
  if (game.phase === 'ESTIMATING') {
    lines.push(
      <div key="estimates">
        <p className={`font-black ${text}`}>{t('rules.estimatePrompt')}</p>
        <ul className="mt-2 flex flex-wrap justify-center gap-2 text-sm">
          {game.players
            .filter((p) => !p.disqualified)
            .map((p) => (
              <li
                key={p.id}
                className={`flex items-center gap-1 rounded-full px-3 py-1 ${p.estimate === null ? 'bg-malt-800' : 'bg-hop-500/25 text-hop-400'}`}
              >
                {p.estimate === null ? (
                  <Hourglass className="size-3.5" aria-hidden />
                ) : (
                  <Check className="size-3.5" aria-hidden />
                )}
                <span className="font-semibold">{p.playerName}</span>
                <span className="sr-only">
                  {p.estimate === null ? t('rules.estimateWaiting') : t('rules.estimated')}
                </span>
              </li>
            ))}
        </ul>
      </div>,
    );
  }
  if (game.phase === 'FINALE') {
    // Everyone's estimate, to compare with what their empty container weighs.
    lines.push(
      <ul
        key="finale"
        className="flex flex-wrap justify-center gap-2 text-sm"
        data-testid="rules-estimates"
      >
        {game.players
          .filter((p) => p.estimate !== null)
          .map((p) => (
            <li key={p.id} className="rounded-full bg-malt-800 px-3 py-1">
              {/* A ranked player's estimate that the leader entered for them is marked. */}
              {p.estimateStandIn
                ? t('rules.estimateOfStandIn', { name: p.playerName, grams: p.estimate! })
                : t('rules.estimateOf', { name: p.playerName, grams: p.estimate! })}
            </li>
          ))}
      </ul>,
    );
  }
  if (lines.length === 0) return null;
  return (
    <div className="space-y-2 text-center" aria-live="polite">
      {lines}
    </div>
  );
}
