import type { GameStatus } from '@beerscale/contract/game-state';
import type {
  TournamentFormat,
  TournamentGame,
  TournamentStage,
  TournamentStanding,
} from '@beerscale/contract/tournaments';

// Tournament night without I/O (docs/ARCHITECTURE.md, Tournaments): seeding, the schedule's
// stages, points, standings and tie-breaks, from the entries and the results of its games.

export interface TournamentConfig {
  format: TournamentFormat;
  games: number;
  points: number[];
  heatSize: number;
  qualify: number;
  secondChance: number;
}

export interface Entry {
  id: number;
  memberId: number | null;
  name: string;
  left: boolean;
}

export interface SeatResult {
  entryId: number;
  rank: number;
  meanDifference: number | null;
  exactHits: number;
}

export interface Row {
  stage: TournamentStage;
  heat: number;
  /** Who was planned for a grand prix game or a heat (seeded at the start). */
  planned: number[] | null;
  /** Who was set up, in seat order, once the game exists. */
  lineUp: number[] | null;
  gameId: number | null;
  scaleMac: string | null;
  gameStatus: GameStatus | null;
  completedAt: string | null;
  results: SeatResult[] | null;
}

/** Snake seeding: the best in heat 1, the second in heat 2 ... and back, so heats are even. */
export function seedHeats(seeded: readonly number[], heatSize: number): number[][] {
  const count = Math.ceil(seeded.length / heatSize);
  const heats: number[][] = Array.from({ length: count }, () => []);
  seeded.forEach((entryId, i) => {
    const round = Math.floor(i / count);
    const pos = i % count;
    heats[round % 2 === 0 ? pos : count - 1 - pos]!.push(entryId);
  });
  return heats;
}

/** The rows a tournament starts with (second chance and final are filled as heats end). */
export function initialRows(
  config: TournamentConfig,
  seeded: readonly number[],
): Pick<Row, 'stage' | 'heat' | 'planned'>[] {
  if (config.format === 'grand-prix') {
    return Array.from({ length: config.games }, (_, i) => ({
      stage: 'game' as const,
      heat: i + 1,
      planned: [...seeded],
    }));
  }
  const heats = seedHeats(seeded, config.heatSize).map((players, i) => ({
    stage: 'heat' as const,
    heat: i + 1,
    planned: players,
  }));
  return [
    ...heats,
    { stage: 'second-chance' as const, heat: 1, planned: null },
    { stage: 'final' as const, heat: 1, planned: null },
  ];
}

/** A shared rank shares the higher points: ranks are 1-based and equal for a tie. */
export function pointsFor(points: readonly number[], rank: number): number {
  return points[rank - 1] ?? 0;
}

const played = (row: Row) => row.gameStatus === 'completed' && row.results !== null;
const isOpen = (row: Row) => row.gameStatus === 'configured' || row.gameStatus === 'active';

export interface Derived {
  schedule: TournamentGame[];
  next: number | null;
  standings: TournamentStanding[];
}

/** Everything the tournament's reply shows, from its entries and rows. */
export function deriveTournament(
  config: TournamentConfig,
  entries: readonly Entry[],
  rows: readonly Row[],
  finished: boolean,
): Derived {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const present = (ids: readonly number[]) => ids.filter((id) => !byId.get(id)?.left);
  const heats = rows.filter((r) => r.stage === 'heat');
  const heatsDone = heats.every((r) => played(r) || (finished && !isOpen(r)));
  const qualifiers = heats.flatMap((r) => topOf(r, config.qualify));
  const others = heats.flatMap((r) =>
    (r.results ?? []).filter((s) => s.rank > config.qualify).map((s) => s.entryId),
  );
  const second = rows.find((r) => r.stage === 'second-chance');
  const secondNeeded = heatsDone && present(others).length >= 2 && config.secondChance > 0;

  const playersOf = (row: Row): number[] | null => {
    if (row.lineUp) return row.lineUp;
    if (row.stage === 'game' || row.stage === 'heat') return present(row.planned ?? []);
    if (!heatsDone) return null;
    if (row.stage === 'second-chance') return secondNeeded ? present(others) : [];
    // The final waits for the second chance when it is played.
    if (secondNeeded && second && !played(second) && !finished) return null;
    const fromSecond = second && played(second) ? topOf(second, config.secondChance) : [];
    return present([...qualifiers, ...fromSecond]);
  };

  const schedule: TournamentGame[] = [];
  let next: number | null = null;
  rows.forEach((row, index) => {
    const players = playersOf(row);
    let status: TournamentGame['status'];
    if (played(row)) status = 'completed';
    else if (row.gameStatus === 'configured' || row.gameStatus === 'active')
      status = row.gameStatus;
    else if (finished) status = 'dropped';
    else if (players === null) status = 'waiting';
    else if (players.length < 2) status = 'dropped';
    // One table: a grand prix's game waits for the one before it.
    else if (row.stage === 'game' && index > 0 && schedule[index - 1]!.status !== 'completed')
      status = schedule[index - 1]!.status === 'dropped' ? 'ready' : 'waiting';
    else status = 'ready';
    if (status === 'ready' && next === null) next = index;
    schedule.push({
      stage: row.stage,
      heat: row.heat,
      players: (players ?? []).map((id) => ({ entryId: id, name: byId.get(id)?.name ?? '' })),
      gameId: status === 'ready' || status === 'waiting' ? null : row.gameId,
      scaleAddress: status === 'ready' || status === 'waiting' ? null : row.scaleMac,
      status,
    });
  });
  return { schedule, next, standings: standingsOf(config, entries, rows) };
}

/** The best `n` of a played game by rank (a tie at the border lets both through). */
function topOf(row: Row, n: number): number[] {
  if (!played(row)) return [];
  return (row.results ?? []).filter((s) => s.rank <= n).map((s) => s.entryId);
}

const STAGE_ORDER: Record<TournamentStage, number> = {
  game: 0,
  heat: 1,
  'second-chance': 2,
  final: 3,
};

interface Tally {
  entry: Entry;
  points: number;
  games: number;
  meanSum: number;
  means: number;
  exactHits: number;
  stage: TournamentStage;
  /** The rank in the furthest stage's game (heats' order). */
  stageRank: number;
  lastChange: number;
}

/**
 * Grand prix: most points, then the smaller sum of game means, then more exact hits, else shared.
 * Heats: the final's ranking, then the second chance's, then each heat's; points after that.
 */
export function standingsOf(
  config: TournamentConfig,
  entries: readonly Entry[],
  rows: readonly Row[],
): TournamentStanding[] {
  const tallies = new Map<number, Tally>(
    entries.map((entry) => [
      entry.id,
      {
        entry,
        points: 0,
        games: 0,
        meanSum: 0,
        means: 0,
        exactHits: 0,
        stage: config.format === 'grand-prix' ? 'game' : 'heat',
        stageRank: Number.MAX_SAFE_INTEGER,
        lastChange: 0,
      },
    ]),
  );
  const completed = rows
    .filter(played)
    .sort((a, b) => (a.completedAt ?? '').localeCompare(b.completedAt ?? ''));
  const last = completed.at(-1);
  for (const row of completed) {
    for (const seat of row.results ?? []) {
      const t = tallies.get(seat.entryId);
      if (!t) continue;
      const won = pointsFor(config.points, seat.rank);
      t.points += won;
      t.games += 1;
      t.exactHits += seat.exactHits;
      if (seat.meanDifference !== null) {
        t.meanSum += seat.meanDifference;
        t.means += 1;
      }
      if (STAGE_ORDER[row.stage] >= STAGE_ORDER[t.stage]) {
        t.stage = row.stage;
        t.stageRank = seat.rank;
      }
      if (row === last) t.lastChange = won;
    }
  }
  const key = (t: Tally): number[] =>
    config.format === 'grand-prix'
      ? [-t.points, t.means > 0 ? t.meanSum : Number.MAX_SAFE_INTEGER, -t.exactHits]
      : [
          -STAGE_ORDER[t.stage],
          t.stageRank,
          -t.points,
          t.means > 0 ? t.meanSum : Number.MAX_SAFE_INTEGER,
          -t.exactHits,
        ];
  const compare = (a: Tally, b: Tally) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  };
  const sorted = [...tallies.values()].sort((a, b) => compare(a, b) || a.entry.id - b.entry.id);
  let place = 0;
  return sorted.map((t, i) => {
    if (i === 0 || compare(sorted[i - 1]!, t) !== 0) place = i + 1;
    return {
      entryId: t.entry.id,
      memberId: t.entry.memberId,
      name: t.entry.name,
      place,
      points: t.points,
      lastChange: t.lastChange,
      games: t.games,
      meanDifference: t.means > 0 ? Math.round(t.meanSum * 10) / 10 : null,
      exactHits: t.exactHits,
      stage: t.stage,
      left: t.entry.left,
    };
  });
}
