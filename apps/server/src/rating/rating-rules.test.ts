import { describe, expect, it } from 'vitest';
import { rateGame } from './game-rating';
import { pairwiseElo } from './pairwise-elo';
import {
  establishments,
  gameRatingReasons,
  isIndependentOf,
  isProvisional,
  opponentsByAccount,
  pairKey,
  type RatedPair,
} from './rating-rules';

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

  it('calls an account provisional until 5 rated games against 3 independent opponents', () => {
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

/** The rated pairs of games, each game a line-up of accounts (every pair in it rated). */
function played(lineUps: number[][]): RatedPair[] {
  return lineUps.flatMap((lineUp, game) =>
    lineUp.flatMap((a, i) =>
      lineUp.slice(i + 1).map((b) => ({
        game_id: game + 1,
        user_low: Math.min(a, b),
        user_high: Math.max(a, b),
      })),
    ),
  );
}

/** Establishment as the repository computes it: from every pair, every opponent's opponents. */
const standingsOf = (ids: number[], pairs: RatedPair[]) =>
  establishments(ids, pairs, opponentsByAccount(pairs));

describe('an established rating: 5 rated games against 3 independent opponents', () => {
  it('an opponent is independent when it played at least 2 accounts other than the player', () => {
    expect(isIndependentOf(1, new Set([1, 2]))).toBe(false);
    expect(isIndependentOf(1, new Set([1, 2, 3]))).toBe(true);
    expect(isIndependentOf(1, new Set([2, 3]))).toBe(true);
  });

  it('the farming attack: six fresh accounts that play only the farmer, 18 wins -> provisional', () => {
    const farmer = 1;
    const sybils = [2, 3, 4, 5, 6, 7];
    const pairs = played(
      sybils.flatMap((s) => [
        [farmer, s],
        [farmer, s],
        [farmer, s],
      ]),
    );
    const standing = standingsOf([farmer, ...sybils], pairs);
    expect(standing.get(farmer)).toEqual({
      ratedGames: 18,
      ratedOpponents: 6,
      independentOpponents: 0,
      provisional: true,
    });
    for (const s of sybils) expect(standing.get(s)!.provisional).toBe(true);
  });

  it('friends at one table (four who only ever play together) are established after 5 games', () => {
    const table = [1, 2, 3, 4];
    const standing = standingsOf(table, played(Array(5).fill(table)));
    for (const id of table) {
      expect(standing.get(id)).toEqual({
        ratedGames: 5,
        ratedOpponents: 3,
        independentOpponents: 3,
        provisional: false,
      });
    }
    // One game fewer, and the same table is still provisional: the game count is missing.
    expect(standingsOf([1], played(Array(4).fill(table))).get(1)!.provisional).toBe(true);
  });

  it('counts an opponent once it plays others too, in games without the player', () => {
    const farmerGames = [
      [1, 2],
      [1, 3],
      [1, 4],
      [1, 2],
      [1, 3],
    ];
    expect(standingsOf([1], played(farmerGames)).get(1)!.independentOpponents).toBe(0);
    const theyPlayOthers = played([...farmerGames, [2, 5], [2, 6], [3, 5], [3, 6], [4, 5], [4, 6]]);
    expect(standingsOf([1], theyPlayOthers).get(1)).toEqual({
      ratedGames: 5,
      ratedOpponents: 3,
      independentOpponents: 3,
      provisional: false,
    });
  });

  it('an account without rated games is provisional with nothing counted', () => {
    expect(standingsOf([9], []).get(9)).toEqual({
      ratedGames: 0,
      ratedOpponents: 0,
      independentOpponents: 0,
      provisional: true,
    });
  });
});
