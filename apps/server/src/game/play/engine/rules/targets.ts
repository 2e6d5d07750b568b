import { nextInt } from '../rng';

// How a round's amount is decided (docs/RULES.md). random and dice draw from the game's seeded
// generator, whose one-number state lives in the engine state, so a replay draws the same.

export const TARGET_OFFSET = { min: 25, max: 70 } as const;

export interface Draw {
  amount: number;
  rng: number;
  /** dice: the roll, higher die first. */
  dice: [number, number] | null;
}

/** random: a whole number of grams in 25..70. */
export function drawRandom(rng: number): Draw {
  const draw = nextInt(rng, TARGET_OFFSET.min, TARGET_OFFSET.max);
  return { amount: draw.value, rng: draw.state, dice: null };
}

/** dice: two dice, amount = 10 x higher + lower (6 and 3: 63 g; 1 and 1: 11 g). */
export function rollDice(rng: number): Draw {
  const first = nextInt(rng, 1, 6);
  const second = nextInt(first.state, 1, 6);
  const high = Math.max(first.value, second.value);
  const low = Math.min(first.value, second.value);
  return { amount: 10 * high + low, rng: second.state, dice: [high, low] };
}

/**
 * caller: the caller rotates in turn order (round 1: the first player); a player who is out is
 * skipped for the next one still in. `out[i]` tells whether the player at index i is out.
 */
export function callerIndex(round: number, out: readonly boolean[]): number | null {
  const n = out.length;
  for (let step = 0; step < n; step++) {
    const index = (round - 1 + step) % n;
    if (!out[index]) return index;
  }
  return null;
}
