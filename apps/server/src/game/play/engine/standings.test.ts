import { describe, expect, it } from 'vitest';
import { rankPlayers } from './standings';

describe('final ranking (classic, docs/RULES.md)', () => {
  it('orders by mean difference ascending', () => {
    const standings = rankPlayers([
      { playerId: 1, differences: [10, 20] },
      { playerId: 2, differences: [1, 3] },
      { playerId: 3, differences: [5, 5] },
    ]);
    expect(standings.map((s) => [s.playerId, s.rank, s.meanDifference])).toEqual([
      [2, 1, 2],
      [3, 2, 5],
      [1, 3, 15],
    ]);
  });

  it('breaks a tied mean by more exact matches, then by the smaller best difference', () => {
    const standings = rankPlayers([
      { playerId: 1, differences: [4, 4] },
      { playerId: 2, differences: [0, 8] },
      { playerId: 3, differences: [2, 6] },
    ]);
    expect(standings.map((s) => s.playerId)).toEqual([2, 3, 1]);
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 3]);
    expect(standings[0]).toMatchObject({ exactMatches: 1, bestDifference: 0 });
  });

  it('lets players equal on all three share the rank, and skips the next', () => {
    const standings = rankPlayers([
      { playerId: 1, differences: [3, 5] },
      { playerId: 2, differences: [5, 3] },
      { playerId: 3, differences: [9, 9] },
    ]);
    expect(standings.map((s) => [s.playerId, s.rank])).toEqual([
      [1, 1],
      [2, 1],
      [3, 3],
    ]);
  });

  it('leaves out players without a scored round', () => {
    expect(rankPlayers([{ playerId: 1, differences: [] }])).toEqual([]);
  });
});
