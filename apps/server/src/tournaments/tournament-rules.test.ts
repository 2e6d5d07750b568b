import { describe, expect, it } from 'vitest';
import {
  deriveTournament,
  initialRows,
  pointsFor,
  seedHeats,
  type Entry,
  type Row,
  type TournamentConfig,
} from './tournament-rules';

const entries = (n: number): Entry[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    memberId: i + 1,
    name: `P${i + 1}`,
    left: false,
  }));

const done = (row: Row, ranks: [number, number][], at: string): Row => ({
  ...row,
  lineUp: ranks.map(([id]) => id),
  gameId: 100 + row.heat,
  scaleMac: 'AABBCCDDEEFF',
  gameStatus: 'completed',
  completedAt: at,
  results: ranks.map(([entryId, rank]) => ({
    entryId,
    rank,
    meanDifference: rank * 3,
    exactHits: rank === 1 ? 1 : 0,
  })),
});

const fresh = (r: Pick<Row, 'stage' | 'heat' | 'planned'>): Row => ({
  ...r,
  lineUp: null,
  gameId: null,
  scaleMac: null,
  gameStatus: null,
  completedAt: null,
  results: null,
});

describe('tournament rules', () => {
  it('seeds heats in snake order', () => {
    expect(seedHeats([1, 2, 3, 4, 5, 6, 7], 4)).toEqual([
      [1, 4, 5],
      [2, 3, 6, 7],
    ]);
    expect(seedHeats([1, 2, 3, 4, 5, 6], 3)).toEqual([
      [1, 4, 5],
      [2, 3, 6],
    ]);
  });

  it('gives shared ranks the higher points and nothing past the list', () => {
    expect(pointsFor([10, 7, 5, 3, 1], 1)).toBe(10);
    expect(pointsFor([10, 7, 5, 3, 1], 6)).toBe(0);
  });

  it('plays seven players in two heats, a second chance and a final of six', () => {
    const config: TournamentConfig = {
      format: 'heats',
      games: 3,
      points: [10, 7, 5, 3, 1],
      heatSize: 4,
      qualify: 2,
      secondChance: 2,
    };
    const players = entries(7);
    const rows = initialRows(config, [1, 2, 3, 4, 5, 6, 7]).map(fresh);
    let derived = deriveTournament(config, players, rows, false);
    expect(derived.schedule.map((g) => [g.stage, g.status])).toEqual([
      ['heat', 'ready'],
      ['heat', 'ready'],
      ['second-chance', 'waiting'],
      ['final', 'waiting'],
    ]);
    expect(derived.next).toBe(0);
    // Heat 1: 1, 4, 5 (1 and 4 qualify); heat 2: 2, 3, 6, 7 (2 and 3 qualify).
    rows[0] = done(
      rows[0]!,
      [
        [1, 1],
        [4, 2],
        [5, 3],
      ],
      '2026-01-01T20:00:00Z',
    );
    rows[1] = done(
      rows[1]!,
      [
        [2, 1],
        [3, 2],
        [6, 3],
        [7, 4],
      ],
      '2026-01-01T20:01:00Z',
    );
    derived = deriveTournament(config, players, rows, false);
    expect(derived.schedule[2]).toMatchObject({ status: 'ready' });
    expect(derived.schedule[2]!.players.map((p) => p.entryId)).toEqual([5, 6, 7]);
    expect(derived.schedule[3]!.status).toBe('waiting');
    rows[2] = done(
      rows[2]!,
      [
        [7, 1],
        [5, 2],
        [6, 3],
      ],
      '2026-01-01T20:10:00Z',
    );
    derived = deriveTournament(config, players, rows, false);
    expect(derived.schedule[3]!.players.map((p) => p.entryId)).toEqual([1, 4, 2, 3, 7, 5]);
    expect(derived.schedule[3]!.status).toBe('ready');
    rows[3] = done(
      rows[3]!,
      [
        [3, 1],
        [7, 2],
        [1, 3],
        [2, 4],
        [4, 5],
        [5, 6],
      ],
      '2026-01-01T21:00:00Z',
    );
    derived = deriveTournament(config, players, rows, false);
    expect(derived.next).toBeNull();
    expect(derived.standings.map((s) => [s.entryId, s.place, s.stage])).toEqual([
      [3, 1, 'final'],
      [7, 2, 'final'],
      [1, 3, 'final'],
      [2, 4, 'final'],
      [4, 5, 'final'],
      [5, 6, 'final'],
      [6, 7, 'second-chance'],
    ]);
    expect(derived.standings[0]).toMatchObject({ points: 7 + 10, lastChange: 10 });
  });

  it('ranks a grand prix by points, then the smaller sum of means, then exact hits', () => {
    const config: TournamentConfig = {
      format: 'grand-prix',
      games: 2,
      points: [10, 7, 5, 3, 1],
      heatSize: 6,
      qualify: 2,
      secondChance: 2,
    };
    const players = entries(3);
    const rows = initialRows(config, [1, 2, 3]).map(fresh);
    expect(deriveTournament(config, players, rows, false).schedule.map((g) => g.status)).toEqual([
      'ready',
      'waiting',
    ]);
    rows[0] = done(
      rows[0]!,
      [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
      '2026-01-01T20:00:00Z',
    );
    rows[1] = done(
      rows[1]!,
      [
        [2, 1],
        [1, 2],
        [3, 2],
      ],
      '2026-01-01T20:30:00Z',
    );
    // 1 and 2 both have 17 points; 1's means 3 + 6 = 9 against 2's 6 + 3 = 9: then exact hits
    // (one each): shared first place.
    const { standings } = deriveTournament(config, players, rows, false);
    expect(standings.map((s) => [s.entryId, s.place, s.points])).toEqual([
      [1, 1, 17],
      [2, 1, 17],
      [3, 3, 12],
    ]);
  });

  it('skips a player who left and drops what was not played when finished early', () => {
    const config: TournamentConfig = {
      format: 'grand-prix',
      games: 3,
      points: [10, 7, 5],
      heatSize: 6,
      qualify: 2,
      secondChance: 2,
    };
    const players = entries(3);
    players[2] = { ...players[2]!, left: true };
    const rows = initialRows(config, [1, 2, 3]).map(fresh);
    const running = deriveTournament(config, players, rows, false);
    expect(running.schedule[0]!.players.map((p) => p.entryId)).toEqual([1, 2]);
    const over = deriveTournament(config, players, rows, true);
    expect(over.schedule.map((g) => g.status)).toEqual(['dropped', 'dropped', 'dropped']);
    expect(over.next).toBeNull();
  });
});
