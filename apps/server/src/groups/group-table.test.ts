import { describe, expect, it } from 'vitest';
import {
  biggestSips,
  championOf,
  groupRecords,
  groupTable,
  headToHead,
  seasonOf,
  type PlayedGame,
} from './group-table';

const seat = (memberId: number | null, rank: number, mean: number, exact = 0, penalties = 0) => ({
  seatId: 0,
  memberId,
  name: memberId === null ? 'Passer' : `M${memberId}`,
  rank,
  meanDifference: mean,
  exactHits: exact,
  penalties,
});
const game = (gameId: number, at: string, players: PlayedGame['players']): PlayedGame => ({
  gameId,
  name: 'Fast Game',
  mode: 'fast',
  completedAt: at,
  players,
});
const nameOf = (id: number) => `M${id}`;

describe('group table', () => {
  const games = [
    game(1, '2026-01-01T20:00:00Z', [seat(1, 1, 2, 1), seat(2, 2, 5), seat(null, 3, 9)]),
    game(2, '2026-01-02T20:00:00Z', [seat(1, 2, 6), seat(2, 1, 3, 0, 2)]),
    game(3, '2026-01-03T20:00:00Z', [seat(1, 1, 1, 2), seat(2, 2, 4)]),
  ];

  it('rates members only, pairwise from 1200, and keeps the form newest first', () => {
    const table = groupTable(games, nameOf);
    expect(table.map((r) => r.memberId)).toEqual([1, 2]);
    // Game 1: equal ratings, member 1 wins: +16 / -16 (the passer-by moves nobody).
    // Game 2: 1216 vs 1184, member 2 wins: expected 0.546 for 1 -> 1 loses 17.5.
    const [first, second] = table;
    expect(first!.elo + second!.elo).toBe(2400);
    expect(first).toMatchObject({
      games: 3,
      wins: 2,
      exactHits: 3,
      meanDifference: 3,
      penalties: 0,
    });
    expect(second).toMatchObject({ games: 3, wins: 1, penalties: 2, provisional: false });
    expect(first!.form.map((f) => f.gameId)).toEqual([3, 2, 1]);
    expect(championOf(table)?.memberId).toBe(1);
    expect(championOf(groupTable(games.slice(0, 2), nameOf))).toBeNull();
  });

  it('puts a game into the season that ran when it completed', () => {
    const seasons = [
      { number: 1, startedAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-02T12:00:00Z' },
      { number: 2, startedAt: '2026-01-02T12:00:00Z', endedAt: null },
    ];
    expect(games.map((g) => seasonOf(g.completedAt, seasons))).toEqual([1, 2, 2]);
  });

  it('holds the records with the game they came from', () => {
    const sips = biggestSips([
      { game_id: 1, group_member_id: 1, start_weight: 560, grams: 500 },
      { game_id: 1, group_member_id: 1, start_weight: 560, grams: 380 },
      { game_id: 1, group_member_id: 2, start_weight: 540, grams: 450 },
    ]);
    expect(sips).toEqual([
      { gameId: 1, memberId: 1, grams: 120 },
      { gameId: 1, memberId: 2, grams: 90 },
    ]);
    const records = groupRecords(games, sips, nameOf);
    expect(records).toEqual([
      { kind: 'bestGameMean', memberId: 1, name: 'M1', value: 1, gameId: 3 },
      { kind: 'mostExactHits', memberId: 1, name: 'M1', value: 2, gameId: 3 },
      { kind: 'longestWinningStreak', memberId: 1, name: 'M1', value: 1, gameId: 1 },
      { kind: 'biggestSip', memberId: 1, name: 'M1', value: 120, gameId: 1 },
      { kind: 'mostPenalties', memberId: 2, name: 'M2', value: 2, gameId: 2 },
      { kind: 'mostGames', memberId: 1, name: 'M1', value: 3, gameId: null },
    ]);
  });

  it('compares two members in the games both played', () => {
    expect(headToHead(games, 1, 2)).toEqual({
      games: 3,
      draws: 0,
      a: { wins: 2, meanDifference: 3 },
      b: { wins: 1, meanDifference: 4 },
    });
  });
});
