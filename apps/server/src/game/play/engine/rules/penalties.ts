import type { PenaltyReason } from '@beerscale/contract/game-state';
import type { Penalties } from '@beerscale/contract/rules';

// The automatic penalties of one round (docs/RULES.md), judged on its readings in whole grams.
// A player gets at most one automatic penalty per round: the first reason that applies, in the
// order the rules list them. Given penalties (exact 'gives') are the engine's, on top of these.

export interface RoundReading {
  playerId: number;
  /** Whole grams on the scale. */
  reading: number;
  /** What the reading was aimed at: the round's target, or the finale's estimate. */
  aim: number;
}

/** A reading whose digits are all the same, with 2 or more digits: 11, 22, ..., 333, 1111. */
export function isSchnapszahl(grams: number): boolean {
  if (!Number.isInteger(grams) || grams < 10) return false;
  const digits = String(grams);
  return [...digits].every((digit) => digit === digits[0]);
}

/**
 * Who drinks for this round and why. In the finale only farthest (or over/under) and exact
 * count: the empty containers' readings are no Schnapszahl or twins.
 */
export function judgeRound(
  readings: readonly RoundReading[],
  penalties: Penalties,
  finale: boolean,
): Map<number, PenaltyReason> {
  const reasons = new Map<number, PenaltyReason>();
  const give = (playerId: number, reason: PenaltyReason) => {
    if (!reasons.has(playerId)) reasons.set(playerId, reason);
  };
  const off = (r: RoundReading) => Math.abs(r.reading - r.aim);

  if (penalties.overUnder) {
    const over = readings.filter((r) => r.reading > r.aim);
    const under = readings.filter((r) => r.reading < r.aim);
    const mostOver = Math.max(...over.map(off));
    const mostUnder = Math.max(...under.map(off));
    for (const r of over) if (off(r) === mostOver) give(r.playerId, 'over');
    for (const r of under) if (off(r) === mostUnder) give(r.playerId, 'under');
  } else if (penalties.farthest) {
    // Nobody is "farthest" in a round everyone hit exactly.
    const largest = Math.max(0, ...readings.map(off));
    if (largest > 0) for (const r of readings) if (off(r) === largest) give(r.playerId, 'farthest');
  }
  if (penalties.exact === 'takes') {
    for (const r of readings) if (off(r) === 0) give(r.playerId, 'exact');
  }
  if (finale) return reasons;
  if (penalties.schnapszahl) {
    for (const r of readings) if (isSchnapszahl(r.reading)) give(r.playerId, 'schnapszahl');
  }
  if (penalties.twins) {
    const count = new Map<number, number>();
    for (const r of readings) count.set(r.reading, (count.get(r.reading) ?? 0) + 1);
    for (const r of readings) if ((count.get(r.reading) ?? 0) >= 2) give(r.playerId, 'twins');
  }
  return reasons;
}

/** Exact hitters who may give a penalty, in turn order. */
export function exactHitters(readings: readonly RoundReading[]): number[] {
  return readings.filter((r) => r.reading === r.aim).map((r) => r.playerId);
}
