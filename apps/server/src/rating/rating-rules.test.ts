import { describe, expect, it } from 'vitest';
import { rateGame } from './game-rating';
import { pairwiseElo } from './pairwise-elo';
import { gameRatingReasons, isProvisional, pairKey } from './rating-rules';

describe('whether a ranked game may be rated', () => {
  it('needs at least 80 % of its readings weighed', () => {
    expect(gameRatingReasons({ weighed: 4, typed: 1, finishedEarly: null })).toEqual([]);
    expect(gameRatingReasons({ weighed: 3, typed: 1, finishedEarly: null })).toEqual(['typed']);
    expect(gameRatingReasons({ weighed: 0, typed: 0, finishedEarly: null })).toEqual(['typed']);
  });

  it('needs half of the planned rounds when the leader finished it early', () => {
    const early = (completedRounds: number, plannedRounds: number) =>
      gameRatingReasons({
        weighed: 10,
        typed: 0,
        finishedEarly: { completedRounds, plannedRounds },
      });
    expect(early(1, 2)).toEqual([]);
    expect(early(2, 5)).toEqual(['finished-early']);
    expect(early(3, 5)).toEqual([]);
    expect(
      gameRatingReasons({
        weighed: 1,
        typed: 1,
        finishedEarly: { completedRounds: 0, plannedRounds: 3 },
      }),
    ).toEqual(['typed', 'finished-early']);
  });

  it('calls an account provisional until 5 rated games against 3 different opponents', () => {
    expect(isProvisional(4, 3)).toBe(true);
    expect(isProvisional(9, 2)).toBe(true);
    expect(isProvisional(5, 3)).toBe(false);
  });

  it('names a pair the same way round', () => {
    expect(pairKey(7, 3)).toBe(pairKey(3, 7));
  });
});

describe('the pair limit in the pairwise formula', () => {
  it('leaves a pair out without changing K/(N-1) for the others', () => {
    const players = [
      { id: 1, rating: 1200, rank: 1 },
      { id: 2, rating: 1200, rank: 2 },
      { id: 3, rating: 1200, rank: 3 },
    ];
    const all = pairwiseElo(players);
    const without12 = pairwiseElo(players, (a, b) => !(a.id + b.id === 3));
    // Player 1 keeps only the win over 3: 16 * 0.5 = 8 instead of 16.
    expect(all.get(1)! - 1200).toBeCloseTo(16, 10);
    expect(without12.get(1)! - 1200).toBeCloseTo(8, 10);
    expect(without12.get(3)).toBeCloseTo(all.get(3)!, 10);
  });

  it('rates only the players with at least one pair that counts', () => {
    const rated = rateGame(
      [
        { gamePlayerId: 11, userId: 1, elo: 1200, rank: 1 },
        { gamePlayerId: 12, userId: 2, elo: 1200, rank: 2 },
      ],
      () => false,
    );
    expect(rated).toEqual([]);
  });
});
