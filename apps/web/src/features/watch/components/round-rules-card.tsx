import type { GameState } from '@beerscale/contract/game-state';
import { RoundRules } from '../../../components/rules/round-rules';

/** The house rules' word on this round (caller, dice, a penalty to give, estimates), if any. */
export function RoundRulesCard({ game, table }: { game: GameState; table: boolean }) {
  const waiting =
    game.dice !== null ||
    game.phase === 'CALLING' ||
    game.phase === 'GIVING' ||
    game.phase === 'ESTIMATING' ||
    game.phase === 'FINALE';
  if (!waiting) return null;
  return (
    <section className="card">
      <RoundRules game={game} large={table} />
    </section>
  );
}
