import type { GamePlayerState } from '@beerscale/contract/game-state';
import { penaltyLogText } from '../../i18n/rules-text';
import { useT } from '../../i18n/use-t';

/**
 * A player's penalties beside their name: one Strich (tally mark) each, the count after five,
 * and the reasons for a screen reader and on hover.
 */
export function PenaltyMarks({
  player,
  players,
}: {
  player: GamePlayerState;
  players: readonly GamePlayerState[];
}) {
  const { t } = useT();
  if (player.penalties === 0) return null;
  const nameOf = (id: number) => players.find((p) => p.id === id)?.playerName;
  // Counted in what the player drinks for them, as the results count them: "2 Schnäpse", "1 sip".
  const count = t(player.penaltyDrink === 'spirit' ? 'rules.penaltySpirits' : 'rules.penaltySips', {
    count: player.penalties,
  });
  const label = `${count}: ${penaltyLogText(player.penaltyLog, nameOf)}`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="penalty-marks"
      className="ml-2 inline-flex items-center rounded bg-red-500/20 px-1.5 align-middle font-mono text-sm leading-5 font-black tracking-tighter text-red-200"
    >
      {player.penalties <= 5 ? '|'.repeat(player.penalties) : `|×${player.penalties}`}
    </span>
  );
}

/** A disqualified player's tag: the name itself is struck through where it is shown. */
export function OutTag() {
  const { t } = useT();
  return (
    <span className="ml-2 inline-block rounded bg-red-500/20 px-1.5 text-xs font-bold text-red-200 no-underline uppercase">
      {t('rules.out')}
    </span>
  );
}
