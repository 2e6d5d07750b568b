import { gamePenaltyDrink } from '@beerscale/contract/drinks';
import type { AwardId } from '@beerscale/contract/game-state';
import type { PenaltyDrink } from '@beerscale/contract/rules';

// Which catalogue entries word an award in a game (docs/RULES.md, "Drinks and responsible play").
// The web's components/awards-list.tsx words them the same; the result card takes them here.

/**
 * An award's title and value keys. The most penalties award counts in the game's penalty drink,
 * as the tally and the results do: "Most sips" / "3 sips" in a game played for sips; "3 Schnaps"
 * under the neutral "Most penalties" in one played for Schnaps (an award never celebrates
 * spirits); "Most penalties" / "3 penalties" when some drink Schnaps and others sips.
 */
export function awardKeys(
  id: AwardId,
  players: readonly { penaltyDrink: PenaltyDrink }[],
): { title: string; value: string } {
  if (id !== 'mostPenalties') return { title: `awards.${id}`, value: `awards.${id}.value` };
  switch (gamePenaltyDrink(players)) {
    case 'sip':
      return { title: 'awards.mostPenalties.sip', value: 'rules.penaltySips' };
    case 'spirit':
      return { title: 'awards.mostPenalties', value: 'rules.penaltySpirits' };
    case 'mixed':
      return { title: 'awards.mostPenalties', value: 'awards.mostPenalties.value' };
  }
}
