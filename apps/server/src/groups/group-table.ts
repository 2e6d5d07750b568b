import { DEFAULT_ELO } from '@beerscale/contract/limits';
import {
  GROUP_FORM_GAMES,
  GROUP_PROVISIONAL_GAMES,
  type GroupRecord,
  type GroupTableRow,
} from '@beerscale/contract/groups';
import { pairwiseElo } from '../rating/pairwise-elo';

// A group's tables, records and rivalries, without I/O (docs/ARCHITECTURE.md, Groups): every
// completed group game replayed in the order it completed. Pairwise ELO as the global rating
// (rating/pairwise-elo.ts) among the members who played; passers-by (a typed name) play but
// are not rated and move nobody. Typed readings count: trust inside a group is the friends' own.

export interface PlayedSeat {
  seatId: number;
  /** Null for someone passing by (a typed name). */
  memberId: number | null;
  name: string;
  rank: number | null;
  meanDifference: number | null;
  exactHits: number;
  penalties: number;
}

export interface PlayedGame {
  gameId: number;
  name: string;
  mode: 'fast' | 'ranked';
  completedAt: string;
  players: PlayedSeat[];
}

export interface SeasonSpan {
  number: number;
  startedAt: string;
  endedAt: string | null;
}

/** The season a game belongs to: the one running when it completed. */
export function seasonOf(completedAt: string, seasons: readonly SeasonSpan[]): number | null {
  for (const s of seasons) {
    if (completedAt >= s.startedAt && (s.endedAt === null || completedAt < s.endedAt)) {
      return s.number;
    }
  }
  return null;
}

export interface Tally {
  memberId: number;
  elo: number;
  games: number;
  wins: number;
  exactHits: number;
  meanSum: number;
  means: number;
  penalties: number;
  form: GroupTableRow['form'];
}

/** The members' seats of a game that has ranks: those are the ones rated. */
function rankedMembers(game: PlayedGame): (PlayedSeat & { memberId: number; rank: number })[] {
  return game.players.filter(
    (p): p is PlayedSeat & { memberId: number; rank: number } =>
      p.memberId !== null && p.rank !== null,
  );
}

/** A table's replay so far: each rated member's tally (groupTable replays into a fresh one). */
export type TableState = Map<number, Tally>;

export function emptyTable(): TableState {
  return new Map();
}

/**
 * One more game of the table, in completion order: the pairwise ELO from the tallies' ratings,
 * then the counters and the form. Appending the games one by one gives the very state a replay
 * of all of them gives (the replay is this, in a loop).
 */
export function applyGame(tallies: TableState, game: PlayedGame): void {
  const tally = (memberId: number) => {
    let t = tallies.get(memberId);
    if (!t) {
      t = {
        memberId,
        elo: DEFAULT_ELO,
        games: 0,
        wins: 0,
        exactHits: 0,
        meanSum: 0,
        means: 0,
        penalties: 0,
        form: [],
      };
      tallies.set(memberId, t);
    }
    return t;
  };
  const seats = rankedMembers(game);
  const ratings = pairwiseElo(
    seats.map((s) => ({ id: s.memberId, rating: tally(s.memberId).elo, rank: s.rank })),
  );
  for (const seat of seats) {
    const t = tally(seat.memberId);
    t.elo = ratings.get(seat.memberId) ?? t.elo;
    t.games += 1;
    const won = seat.rank === 1;
    if (won) t.wins += 1;
    t.exactHits += seat.exactHits;
    t.penalties += seat.penalties;
    if (seat.meanDifference !== null) {
      t.meanSum += seat.meanDifference;
      t.means += 1;
    }
    t.form = [{ gameId: game.gameId, rank: seat.rank, won }, ...t.form].slice(0, GROUP_FORM_GAMES);
  }
}

/** The rows of a replayed table: by rating, then games, then who joined first. */
export function tableRows(
  tallies: TableState,
  nameOf: (memberId: number) => string,
): GroupTableRow[] {
  return [...tallies.values()]
    .map((t) => ({
      memberId: t.memberId,
      name: nameOf(t.memberId),
      elo: Math.round(t.elo),
      games: t.games,
      wins: t.wins,
      exactHits: t.exactHits,
      meanDifference: t.means > 0 ? round1(t.meanSum / t.means) : null,
      penalties: t.penalties,
      provisional: t.games < GROUP_PROVISIONAL_GAMES,
      form: t.form,
    }))
    .sort((a, b) => b.elo - a.elo || b.games - a.games || a.memberId - b.memberId);
}

/**
 * The table over `games` (already the season's or all of them), replayed from nothing: everyone
 * starts at 1200. `nameOf` names a member as the group knows them now.
 */
export function groupTable(
  games: readonly PlayedGame[],
  nameOf: (memberId: number) => string,
): GroupTableRow[] {
  const tallies = emptyTable();
  for (const game of games) applyGame(tallies, game);
  return tableRows(tallies, nameOf);
}

/** A closed season's champion: the best-rated member with at least three games. */
export function championOf(table: readonly GroupTableRow[]): GroupTableRow | null {
  return table.find((row) => !row.provisional) ?? null;
}

export interface Sip {
  gameId: number;
  memberId: number;
  /** Grams drunk between two placements (a container never gains weight by drinking). */
  grams: number;
}

/**
 * The biggest single sip per member seat: the largest fall between two successive weights of
 * one container, the start weight first. `readings` come grouped by seat, in recorded order.
 */
export function biggestSips(
  readings: readonly {
    game_id: number;
    group_member_id: number | null;
    start_weight: number | null;
    grams: number;
  }[],
): Sip[] {
  const best = new Map<string, Sip>();
  let previous: { key: string; grams: number } | null = null;
  for (const r of readings) {
    if (r.group_member_id === null) continue;
    const key = `${r.game_id}:${r.group_member_id}`;
    const before = previous && previous.key === key ? previous.grams : (r.start_weight ?? r.grams);
    const fall = before - r.grams;
    const current = best.get(key);
    if (fall > 0 && (!current || fall > current.grams)) {
      best.set(key, { gameId: r.game_id, memberId: r.group_member_id, grams: fall });
    }
    previous = { key, grams: r.grams };
  }
  return [...best.values()];
}

/** The all-time records, each with the game it came from; ties keep the earlier holder. */
export function groupRecords(
  games: readonly PlayedGame[],
  sips: readonly Sip[],
  nameOf: (memberId: number) => string,
): GroupRecord[] {
  const records: GroupRecord[] = [];
  const better = (kind: GroupRecord['kind'], candidate: Omit<GroupRecord, 'kind' | 'name'>) => {
    const at = records.findIndex((r) => r.kind === kind);
    const lowerWins = kind === 'bestGameMean';
    const current = at >= 0 ? records[at] : undefined;
    if (
      !current ||
      (lowerWins ? candidate.value < current.value : candidate.value > current.value)
    ) {
      const record = { kind, ...candidate, name: nameOf(candidate.memberId) };
      if (at >= 0) records[at] = record;
      else records.push(record);
    }
  };
  const streaks = new Map<number, number>();
  const played = new Map<number, number>();
  for (const game of games) {
    for (const seat of rankedMembers(game)) {
      const base = { memberId: seat.memberId, gameId: game.gameId };
      if (seat.meanDifference !== null) {
        better('bestGameMean', { ...base, value: seat.meanDifference });
      }
      if (seat.exactHits > 0) better('mostExactHits', { ...base, value: seat.exactHits });
      if (seat.penalties > 0) better('mostPenalties', { ...base, value: seat.penalties });
      const streak = seat.rank === 1 ? (streaks.get(seat.memberId) ?? 0) + 1 : 0;
      streaks.set(seat.memberId, streak);
      if (streak > 0) better('longestWinningStreak', { ...base, value: streak });
      played.set(seat.memberId, (played.get(seat.memberId) ?? 0) + 1);
    }
  }
  for (const sip of sips) {
    better('biggestSip', { memberId: sip.memberId, gameId: sip.gameId, value: sip.grams });
  }
  for (const [memberId, count] of played) {
    better('mostGames', { memberId, gameId: null, value: count });
  }
  const order = [
    'bestGameMean',
    'mostExactHits',
    'longestWinningStreak',
    'biggestSip',
    'mostPenalties',
    'mostGames',
  ];
  return records.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

export interface HeadToHead {
  games: number;
  draws: number;
  a: { wins: number; meanDifference: number | null };
  b: { wins: number; meanDifference: number | null };
}

/** Two members in the games both played: wins each (the better rank), draws, means each. */
export function headToHead(games: readonly PlayedGame[], a: number, b: number): HeadToHead {
  const result = { games: 0, draws: 0, aWins: 0, bWins: 0 };
  const means = { a: [] as number[], b: [] as number[] };
  for (const game of games) {
    const seats = rankedMembers(game);
    const sa = seats.find((s) => s.memberId === a);
    const sb = seats.find((s) => s.memberId === b);
    if (!sa || !sb) continue;
    result.games += 1;
    if (sa.rank < sb.rank) result.aWins += 1;
    else if (sb.rank < sa.rank) result.bWins += 1;
    else result.draws += 1;
    if (sa.meanDifference !== null) means.a.push(sa.meanDifference);
    if (sb.meanDifference !== null) means.b.push(sb.meanDifference);
  }
  return {
    games: result.games,
    draws: result.draws,
    a: { wins: result.aWins, meanDifference: mean(means.a) },
    b: { wins: result.bWins, meanDifference: mean(means.b) },
  };
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : round1(values.reduce((s, v) => s + v, 0) / values.length);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
