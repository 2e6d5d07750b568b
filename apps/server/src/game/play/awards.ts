import type { AwardId, GameAward } from '@beerscale/contract/game-state';
import type { Rules } from '@beerscale/contract/rules';
import { rankWithRules } from './engine/rules/scoring';
import { rankPlayers } from './engine/standings';

/** One player of a completed game, as the awards see it. */
export interface AwardPlayer {
  /** The game player's id (GAME_STATE `players[].id`). */
  id: number;
  /** Differences of the scored rounds, in round order, whole grams. */
  differences: number[];
  /**
   * What the container weighed after each round: index 0 the start weight, index r after round
   * r; null where no reading is known. Only rounds with a difference count.
   */
  weights: (number | null)[];
  /** Penalties under the game's house rules; absent means none (the award is not earned). */
  penalties?: number;
  /** House rules: the round of each penalty, to rank the game as it stood after round 1. */
  penaltyRounds?: number[];
  /** House rules: out of the game (after their last round with a difference). */
  disqualified?: boolean;
  /** House rules: the player's team, or null. */
  team?: number | null;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Population standard deviation: how far a player's differences stray from their own mean. */
function spread(values: number[]): number {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

function largestSip(player: AwardPlayer): number | null {
  let best: number | null = null;
  for (let round = 1; round <= player.differences.length; round += 1) {
    const before = player.weights[round - 1];
    const after = player.weights[round];
    if (before == null || after == null) continue;
    const sip = before - after;
    if (sip > 0 && (best === null || sip > best)) best = sip;
  }
  return best;
}

/**
 * Every player whose value is the best one gets the award: ties share it. A player without a
 * value (null) is not in the running; nobody with a value means nobody earned it.
 */
function award(
  id: AwardId,
  players: AwardPlayer[],
  valueOf: (p: AwardPlayer) => number | null,
  better: 'high' | 'low',
): GameAward[] {
  const valued = players.flatMap((p) => {
    const value = valueOf(p);
    return value === null ? [] : [{ playerId: p.id, value }];
  });
  if (valued.length === 0) return [];
  const values = valued.map((v) => v.value);
  const best = better === 'high' ? Math.max(...values) : Math.min(...values);
  return valued.filter((v) => v.value === best).map((v) => ({ id, ...v }));
}

/**
 * Places gained from the standings after round 1 to the final standings (ranks shared as 1, 1, 3),
 * each ranked as the game itself ranks: by its house rules' scoring, penalties, teams and
 * disqualifications when it has rules (issue 42), by the classic mean otherwise.
 */
function rankGains(players: AwardPlayer[], rules: Rules | null): Map<number, number> {
  const rankAfter = (rounds: number | undefined) => {
    const upTo = rounds ?? Infinity;
    const standings = rules
      ? rankWithRules(
          players.map((p) => ({
            playerId: p.id,
            differences: p.differences.slice(0, rounds),
            penalties: (p.penaltyRounds ?? []).filter((round) => round <= upTo).length,
            disqualified: (p.disqualified ?? false) && p.differences.length <= upTo,
            team: p.team ?? null,
          })),
          rules,
        )
      : rankPlayers(
          players.map((p) => ({ playerId: p.id, differences: p.differences.slice(0, rounds) })),
        );
    return new Map(standings.map((s) => [s.playerId, s.rank]));
  };
  const first = rankAfter(1);
  const final = rankAfter(undefined);
  const gains = new Map<number, number>();
  for (const [id, rank] of final) {
    const start = first.get(id);
    if (start !== undefined) gains.set(id, start - rank);
  }
  return gains;
}

/**
 * The awards of a completed game: a pure function of its players' rounds. An award is earned
 * only by something that happened (an exact match, a miss, a sip, a penalty, a place gained);
 * the figures that need a comparison over rounds (spread, comeback) need two rounds at least.
 */
export function computeAwards(players: AwardPlayer[], rules: Rules | null = null): GameAward[] {
  const scored = players.filter((p) => p.differences.length > 0);
  const rounds = Math.max(0, ...scored.map((p) => p.differences.length));
  const gains = rounds >= 2 ? rankGains(scored, rules) : new Map<number, number>();
  return [
    ...award('sniper', scored, (p) => p.differences.filter((d) => d === 0).length || null, 'high'),
    ...award('closest', scored, (p) => oneDecimal(mean(p.differences)), 'low'),
    ...award('biggestMiss', scored, (p) => Math.max(...p.differences) || null, 'high'),
    ...award(
      'steadiest',
      scored,
      (p) => (p.differences.length >= 2 ? oneDecimal(spread(p.differences)) : null),
      'low',
    ),
    ...award('biggestSip', scored, largestSip, 'high'),
    ...award('mostPenalties', players, (p) => (p.penalties ? p.penalties : null), 'high'),
    ...award(
      'comeback',
      scored,
      (p) => ((gains.get(p.id) ?? 0) > 0 ? gains.get(p.id)! : null),
      'high',
    ),
  ];
}
