import type { Rules, Scoring } from '@beerscale/contract/rules';
import { compareStandings } from '@beerscale/contract/standings';

// Final ranking under house rules (docs/RULES.md): the scoring's number first, then more exact
// matches, then the smaller best difference; equal on all of them share the rank. Disqualified
// players (or teams with a disqualified member) share the last rank. With teams, each team is
// ranked on its members' values and every member takes the team's rank and score.

export interface ScoredPlayer {
  playerId: number;
  /** One per completed round the player played, whole grams (the finale is one more). */
  differences: number[];
  penalties: number;
  disqualified: boolean;
  team: number | null;
}

export interface RuledStanding {
  playerId: number;
  rank: number;
  meanDifference: number;
  exactMatches: number;
  bestDifference: number;
  /** What the scoring ranks by (team games: the team's). */
  score: number;
  penalties: number;
  team: number | null;
}

interface Entrant {
  key: number;
  /** Round by round: the difference, or null for a round not played. */
  rounds: (number | null)[];
  exactMatches: number;
  bestDifference: number;
  penalties: number;
  disqualified: boolean;
}

/** Points for one round: an exact hit 5, then by difference 3, 2, 1 (ties share the better). */
export function roundPoints(differences: readonly (number | null)[]): number[] {
  return differences.map((d) => {
    if (d === null) return 0;
    if (d === 0) return 5;
    const place = 1 + differences.filter((other) => other !== null && other < d).length;
    return [0, 3, 2, 1][place] ?? 0;
  });
}

function played(rounds: (number | null)[]): number[] {
  return rounds.filter((d): d is number => d !== null);
}

function mean(values: number[]): number {
  return values.length ? values.reduce((s, d) => s + d, 0) / values.length : 0;
}

/** Each entrant's score under `scoring`: lower wins except for points. */
function scores(entrants: Entrant[], scoring: Scoring): number[] {
  switch (scoring) {
    case 'mean':
      return entrants.map((e) => mean(played(e.rounds)));
    case 'mean-penalties':
      return entrants.map((e) => mean(played(e.rounds)) + e.penalties);
    case 'golf':
      return entrants.map((e) => played(e.rounds).reduce((s, d) => s + d, 0));
    case 'marks':
      return entrants.map((e) => e.penalties);
    case 'points': {
      const totals = entrants.map(() => 0);
      const roundCount = Math.max(0, ...entrants.map((e) => e.rounds.length));
      for (let round = 0; round < roundCount; round++) {
        const points = roundPoints(entrants.map((e) => e.rounds[round] ?? null));
        points.forEach((p, i) => (totals[i]! += p));
      }
      return totals;
    }
  }
}

function rankEntrants(
  entrants: Entrant[],
  scoring: Scoring,
): Map<number, { rank: number; score: number }> {
  const score = scores(entrants, scoring);
  const rows = entrants.map((e, i) => ({ e, score: score[i]!, mean: mean(played(e.rounds)) }));
  const key = (r: (typeof rows)[number]) => ({ ...r.e, score: r.score, mean: r.mean });
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    compareStandings(scoring, key(a), key(b));
  const inGame = rows.filter((r) => !r.e.disqualified);
  const result = new Map<number, { rank: number; score: number }>();
  for (const row of rows) {
    const rank = row.e.disqualified
      ? inGame.length + 1
      : 1 + inGame.filter((other) => compare(other, row) < 0).length;
    result.set(row.e.key, { rank, score: row.score });
  }
  return result;
}

/** Every player who played a round, ranked (players without a completed round are left out). */
export function rankWithRules(players: ScoredPlayer[], rules: Rules): RuledStanding[] {
  const counted = players.filter((p) => p.differences.length > 0);
  const own = (p: ScoredPlayer): Entrant => ({
    key: p.playerId,
    rounds: p.differences,
    exactMatches: p.differences.filter((d) => d === 0).length,
    bestDifference: Math.min(...p.differences),
    penalties: p.penalties,
    disqualified: p.disqualified,
  });

  let placeOf: (p: ScoredPlayer) => { rank: number; score: number };
  if (rules.teams === null) {
    const ranked = rankEntrants(counted.map(own), rules.scoring);
    placeOf = (p) => ranked.get(p.playerId)!;
  } else {
    const teams = [...new Set(counted.map((p) => p.team ?? 0))];
    const entrants = teams.map((team): Entrant => {
      const members = counted.filter((p) => (p.team ?? 0) === team);
      const roundCount = Math.max(...members.map((m) => m.differences.length));
      const rounds = Array.from({ length: roundCount }, (_, round) => {
        const ds = members.flatMap((m) =>
          round < m.differences.length ? [m.differences[round]!] : [],
        );
        return ds.length ? ds.reduce((s, d) => s + d, 0) : null;
      });
      return {
        key: team,
        rounds,
        exactMatches: members.reduce((s, m) => s + m.differences.filter((d) => d === 0).length, 0),
        bestDifference: Math.min(...played(rounds)),
        penalties: members.reduce((s, m) => s + m.penalties, 0),
        disqualified: members.some((m) => m.disqualified),
      };
    });
    const ranked = rankEntrants(entrants, rules.scoring);
    placeOf = (p) => ranked.get(p.team ?? 0)!;
  }

  const standings = counted.map((p) => {
    const own_ = own(p);
    return {
      playerId: p.playerId,
      ...placeOf(p),
      meanDifference: mean(p.differences),
      exactMatches: own_.exactMatches,
      bestDifference: own_.bestDifference,
      penalties: p.penalties,
      team: p.team,
    };
  });
  // Best first; equal ranks keep turn order.
  return standings
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.rank - b.s.rank || a.i - b.i)
    .map(({ s }) => s);
}

/** The live score of one player (or their team) before the game ends, for the snapshot. */
export function liveScores(players: ScoredPlayer[], rules: Rules): Map<number, number> {
  return new Map(rankWithRules(players, rules).map((s) => [s.playerId, s.score]));
}
