import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { compareStandings } from '@beerscale/contract/standings';
import { formatNumber } from '../i18n/format';

/**
 * The running order during a game, by the final ranking's rules (docs/RULES.md, Scoring: who
 * wins): /live and /watch.
 */
export function runningOrder(players: GamePlayerState[]): GamePlayerState[] {
  return [...players].sort((a, b) => {
    if (a.meanDifference === null || b.meanDifference === null) {
      return a.meanDifference === null
        ? b.meanDifference === null
          ? a.position - b.position
          : 1
        : -1;
    }
    return (
      compareStandings('mean', key(a, a.meanDifference), key(b, b.meanDifference)) ||
      a.position - b.position
    );
  });
}

/** A player's figures as the shared comparison reads them (no reading yet: nothing to break a tie). */
function key(p: GamePlayerState, score: number) {
  return {
    score,
    mean: p.meanDifference ?? 0,
    exactMatches: p.exactMatches,
    bestDifference: p.bestDifference ?? 0,
  };
}

export function formatMean(value: number | null): string {
  return value === null ? '–' : `${formatNumber(value, 1)} g`;
}

/**
 * The order of a game under its house rules: by the final ranks once there are ranks; during a
 * game by the scoring's number (points: the higher the better; every other scoring: the lower),
 * with disqualified players last. Classic games keep the running order above.
 */
export function ruledOrder(game: GameState): GamePlayerState[] {
  const { players, rules } = game;
  if (players.every((p) => p.rank !== null)) {
    return [...players].sort((a, b) => a.rank! - b.rank! || a.position - b.position);
  }
  if (rules.scoring === 'mean' && !players.some((p) => p.disqualified)) {
    return runningOrder(players);
  }
  return [...players].sort((a, b) => {
    if (a.disqualified !== b.disqualified) return a.disqualified ? 1 : -1;
    if (a.score === null || b.score === null) {
      return a.score === null ? (b.score === null ? a.position - b.position : 1) : -1;
    }
    return (
      compareStandings(rules.scoring, key(a, a.score), key(b, b.score)) || a.position - b.position
    );
  });
}
