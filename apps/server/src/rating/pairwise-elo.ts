/**
 * K for a two-player game; with N players each of the N-1 pairings gets K/(N-1) (README.md, The
 * rating rules), so one game moves a rating by at most K, whatever the size of its line-up.
 */
export const ELO_K = 32;

export interface RatedEntry {
  id: number;
  rating: number;
  /** Final rank, 1 is best; equal ranks are a tie. */
  rank: number;
  /** House rules' teams: pairs on the same team are no result and are skipped. */
  team?: number | null;
}

/**
 * Pairwise multiplayer ELO: every pair (i, j) is one result — 1 for the better rank, 0.5 for a
 * tie, 0 for the worse — against the expectation from the ratings before the game. Ratings stay
 * unrounded; the changes sum to zero.
 */
export function pairwiseElo(
  entries: RatedEntry[],
  /** Pairs for which this returns false play no part (the pair limit); K/(N-1) is unchanged. */
  counts: (a: RatedEntry, b: RatedEntry) => boolean = () => true,
): Map<number, number> {
  const result = new Map<number, number>();
  const n = entries.length;
  if (n < 2) {
    for (const e of entries) result.set(e.id, e.rating);
    return result;
  }
  const k = ELO_K / (n - 1);
  for (const me of entries) {
    let delta = 0;
    for (const other of entries) {
      if (other === me || !counts(me, other)) continue;
      if (me.team != null && me.team === other.team) continue;
      const score = me.rank < other.rank ? 1 : me.rank === other.rank ? 0.5 : 0;
      const expected = 1 / (1 + 10 ** ((other.rating - me.rating) / 400));
      delta += score - expected;
    }
    result.set(me.id, me.rating + k * delta);
  }
  return result;
}
