import { compareStandings } from '@beerscale/contract/standings';

export interface PlayerRounds {
  playerId: number;
  /** Differences of completed rounds, whole grams. */
  differences: number[];
}

export interface StandingFigures {
  playerId: number;
  rank: number;
  meanDifference: number;
  exactMatches: number;
  bestDifference: number;
}

export function figures(differences: number[]) {
  if (differences.length === 0) return null;
  return {
    meanDifference: differences.reduce((sum, d) => sum + d, 0) / differences.length,
    exactMatches: differences.filter((d) => d === 0).length,
    bestDifference: Math.min(...differences),
  };
}

/**
 * The classic final ranking (docs/RULES.md): mean difference ascending, then more exact matches,
 * then smaller best difference; players equal on all three share the rank (1, 1, 3).
 */
export function rankPlayers(players: PlayerRounds[]): StandingFigures[] {
  const scored = players.flatMap((p) => {
    const f = figures(p.differences);
    return f ? [{ playerId: p.playerId, ...f }] : [];
  });
  const key = (p: (typeof scored)[number]) => ({
    ...p,
    score: p.meanDifference,
    mean: p.meanDifference,
  });
  const compare = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    compareStandings('mean', key(a), key(b));
  const sorted = [...scored].sort(compare);
  return sorted.map((player) => ({
    ...player,
    rank: 1 + sorted.filter((other) => compare(other, player) < 0).length,
  }));
}
