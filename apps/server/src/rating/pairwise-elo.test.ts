import { describe, expect, it } from 'vitest';
import { pairwiseElo } from './pairwise-elo';

describe('pairwise multiplayer ELO (README.md, The rating rules)', () => {
  it('two equal players: winner +16, loser -16', () => {
    const after = pairwiseElo([
      { id: 1, rating: 1200, rank: 1 },
      { id: 2, rating: 1200, rank: 2 },
    ]);
    expect(after.get(1)).toBeCloseTo(1216, 10);
    expect(after.get(2)).toBeCloseTo(1184, 10);
  });

  it('four equal players ranked 1..4: +16, +5.33, -5.33, -16', () => {
    const after = pairwiseElo([1, 2, 3, 4].map((rank) => ({ id: rank, rating: 1200, rank })));
    expect(after.get(1)! - 1200).toBeCloseTo(16, 10);
    expect(after.get(2)! - 1200).toBeCloseTo(16 / 3, 10);
    expect(after.get(3)! - 1200).toBeCloseTo(-16 / 3, 10);
    expect(after.get(4)! - 1200).toBeCloseTo(-16, 10);
  });

  it('a tie between equals moves nobody; shared ranks count half', () => {
    const tie = pairwiseElo([
      { id: 1, rating: 1200, rank: 1 },
      { id: 2, rating: 1200, rank: 1 },
    ]);
    expect(tie.get(1)).toBe(1200);
    const three = pairwiseElo([
      { id: 1, rating: 1200, rank: 1 },
      { id: 2, rating: 1200, rank: 1 },
      { id: 3, rating: 1200, rank: 3 },
    ]);
    // Each winner: 0.5 + 1 - 2 * 0.5 = 0.5 pair points, times K/(N-1) = 16.
    expect(three.get(1)! - 1200).toBeCloseTo(8, 10);
    expect(three.get(3)! - 1200).toBeCloseTo(-16, 10);
  });

  it('an upset moves more than an expected win, and changes sum to zero', () => {
    const upset = pairwiseElo([
      { id: 1, rating: 1000, rank: 1 },
      { id: 2, rating: 1400, rank: 2 },
    ]);
    const expected = pairwiseElo([
      { id: 1, rating: 1400, rank: 1 },
      { id: 2, rating: 1000, rank: 2 },
    ]);
    const upsetGain = upset.get(1)! - 1000;
    const expectedGain = expected.get(1)! - 1400;
    expect(upsetGain).toBeCloseTo(32 * (1 - 1 / (1 + 10 ** (400 / 400))), 10);
    expect(upsetGain).toBeGreaterThan(expectedGain);
    const players = [
      { id: 1, rating: 1310.5, rank: 2 },
      { id: 2, rating: 1180, rank: 1 },
      { id: 3, rating: 1234, rank: 3 },
      { id: 4, rating: 990, rank: 3 },
      { id: 5, rating: 1500, rank: 5 },
    ];
    const after = pairwiseElo(players);
    const total = players.reduce((sum, p) => sum + after.get(p.id)! - p.rating, 0);
    expect(total).toBeCloseTo(0, 9);
  });

  it('uses the ratings from before the game for every expectation', () => {
    const after = pairwiseElo([
      { id: 1, rating: 1200, rank: 1 },
      { id: 2, rating: 1300, rank: 2 },
      { id: 3, rating: 1100, rank: 3 },
    ]);
    const e = (a: number, b: number) => 1 / (1 + 10 ** ((b - a) / 400));
    expect(after.get(1)! - 1200).toBeCloseTo(16 * (2 - e(1200, 1300) - e(1200, 1100)), 10);
  });

  it('leaves a lone player unchanged', () => {
    expect(pairwiseElo([{ id: 9, rating: 1234, rank: 1 }]).get(9)).toBe(1234);
  });
});
