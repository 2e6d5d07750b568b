import {
  drankFigures,
  isAlcoholic,
  type DrankFigures,
  type Drink,
} from '@beerscale/contract/drinks';
import type { PenaltyDrink } from '@beerscale/contract/rules';

// What a player drank, from the scale alone (docs/RULES.md, "Drinks and responsible play"). Pure,
// like the engine beside it: the recorded readings in, grams out.

/** One recorded placement of a player's container: round 0 is the start weight. */
export interface DrankReading {
  round: number;
  grams: number;
}

/**
 * Grams drunk: the sum of every decrease of the container between its successive placements,
 * from the start weight to the last placement (the finale's empty container included). A rise
 * (a refill, a wobble) is not drinking and counts nothing; a penalty drink is never weighed, so
 * it is not counted. A disqualified player's readings simply end where they stopped playing.
 */
export function drankGrams(readings: readonly DrankReading[]): number {
  // Recorded order within a round, rounds ascending (the finale comes after the last round).
  const ordered = [...readings].sort((a, b) => a.round - b.round);
  let drank = 0;
  for (let i = 1; i < ordered.length; i += 1) {
    const decrease = ordered[i - 1]!.grams - ordered[i]!.grams;
    if (decrease > 0) drank += decrease;
  }
  return drank;
}

/** A player's figures in one game from their readings and their drink's strength. */
export function playerFigures(readings: readonly DrankReading[], drink: Drink): DrankFigures {
  return drankFigures(drankGrams(readings), drink.abv);
}

/**
 * What a player's penalties are drunk as: the game's, except sips for a player whose drink is not
 * alcoholic (below 1.2 %): spirits never reach the alcohol-free or water player.
 */
export function penaltyDrinkFor(game: PenaltyDrink, drink: Drink): PenaltyDrink {
  return game === 'spirit' && isAlcoholic(drink) ? 'spirit' : 'sip';
}

/** A recorded placement with the time it was recorded (ISO 8601). */
export interface TimedReading extends DrankReading {
  at: string;
}

/**
 * Each decrease of a container (grams, > 0) with the time of the placement that showed it: what
 * an evening's or a month's figures sum (the decrease belongs to when it was weighed).
 */
export function sips(readings: readonly TimedReading[]): { grams: number; at: string }[] {
  const ordered = [...readings].sort((a, b) => a.round - b.round || a.at.localeCompare(b.at));
  const found: { grams: number; at: string }[] = [];
  for (let i = 1; i < ordered.length; i += 1) {
    const decrease = ordered[i - 1]!.grams - ordered[i]!.grams;
    if (decrease > 0) found.push({ grams: decrease, at: ordered[i]!.at });
  }
  return found;
}
