import { RATING_RULES, type RatingReason } from '@beerscale/contract/rating';

// Whether a ranked game may move ratings at all, without I/O: the completion transaction
// (game-results.ts) gathers the figures, this decides. The pair limit is decided per pair
// afterwards (game-completion-rules.ts), since it does not stop the other pairs.

export interface GameFigures {
  /** Readings a scale weighed (WiFi or bridged). */
  weighed: number;
  /** Readings the leader typed. */
  typed: number;
  /** Set when the leader finished the game early: rounds completed of those planned. */
  finishedEarly: { completedRounds: number; plannedRounds: number } | null;
}

/** The reasons that keep a whole ranked game from being rated; empty when it may be. */
export function gameRatingReasons(game: GameFigures): RatingReason[] {
  const reasons: RatingReason[] = [];
  const readings = game.weighed + game.typed;
  if (readings === 0 || game.weighed < RATING_RULES.minWeighedShare * readings) {
    reasons.push('typed');
  }
  const early = game.finishedEarly;
  if (
    early &&
    early.completedRounds < RATING_RULES.minRoundsShareWhenFinishedEarly * early.plannedRounds
  ) {
    reasons.push('finished-early');
  }
  return reasons;
}

/** An unordered pair of accounts as stored: lower id first. */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** Provisional until enough rated games against enough different opponents. */
export function isProvisional(ratedGames: number, opponents: number): boolean {
  return (
    ratedGames < RATING_RULES.provisionalGames || opponents < RATING_RULES.provisionalOpponents
  );
}
