import type { Scoring } from './rules';

// Who is ahead, under a game's scoring (docs/RULES.md, Scoring): the one comparison the engine's
// final ranking, the awards and the screens' running order share. Zod-free, so a screen that
// orders players loads no schemas.

/** What a player is compared on. */
export interface StandingKey {
  /** The scoring's number: the mean difference in classic games. */
  score: number;
  /** The mean difference (the marks scoring breaks its ties by it). */
  mean: number;
  exactMatches: number;
  bestDifference: number;
}

/**
 * Negative when `a` is ahead of `b`, 0 when they share a place: the scoring's number first (points:
 * the higher the better; every other scoring: the lower), marks then by the mean, then more exact
 * matches, then the smaller best difference.
 */
export function compareStandings(scoring: Scoring, a: StandingKey, b: StandingKey): number {
  const sign = scoring === 'points' ? -1 : 1;
  return (
    sign * (a.score - b.score) ||
    (scoring === 'marks' ? a.mean - b.mean : 0) ||
    b.exactMatches - a.exactMatches ||
    a.bestDifference - b.bestDifference
  );
}
