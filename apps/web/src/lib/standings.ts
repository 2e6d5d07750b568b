import type { GamePlayerState } from '@beerscale/contract/game-state';
import { formatNumber } from '../i18n/format';

/** The running order during a game, by the final ranking's rules (DESIGN §9): /live and /watch. */
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
      a.meanDifference - b.meanDifference ||
      b.exactMatches - a.exactMatches ||
      (a.bestDifference ?? 0) - (b.bestDifference ?? 0) ||
      a.position - b.position
    );
  });
}

export function formatMean(value: number | null): string {
  return value === null ? '–' : `${formatNumber(value, 1)} g`;
}
