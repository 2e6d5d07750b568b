import { RATING_RULES, type RatingReason } from '@beerscale/contract/rating';
import type { ReadingSource, ScaleKind } from '../db/schema';

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

/** A reading a scale weighed (WiFi or bridged) counts as weighed; one the leader typed does not. */
export function isWeighed(source: ReadingSource): boolean {
  return source !== 'manual';
}

/**
 * A verified game (the profile's figure): played on a WiFi scale paired by code, every reading of
 * it weighed by that scale. rating-standing.repository.ts counts these with the two values below.
 */
export const VERIFIED = { scaleKind: 'wifi', source: 'scale' } as const satisfies {
  scaleKind: ScaleKind;
  source: ReadingSource;
};

/**
 * The pair limit: two accounts' result moves their ratings only while they have played fewer
 * than RATING_RULES.pairGamesPerWindow rated games together in the window.
 */
export function pairCounts(
  pairGames: ReadonlyMap<string, number>,
): (a: number, b: number) => boolean {
  return (a, b) => (pairGames.get(pairKey(a, b)) ?? 0) < RATING_RULES.pairGamesPerWindow;
}

/** An unordered pair of accounts as stored: lower id first. */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/**
 * Provisional until enough rated games against enough independent opponents (README.md, The
 * rating rules): addresses and devices cannot tell friends from made-up accounts, the opponents'
 * own history can.
 */
export function isProvisional(ratedGames: number, independentOpponents: number): boolean {
  return (
    ratedGames < RATING_RULES.provisionalGames ||
    independentOpponents < RATING_RULES.provisionalOpponents
  );
}

/** A rated pair of one game, as `rated_pairs` stores it. */
export interface RatedPair {
  game_id: number;
  user_low: number;
  user_high: number;
}

/** How far a player is from an established rating, in the numbers the profile explains. */
export interface Establishment {
  /** Games in which the player's rating moved (voided ones taken back). */
  ratedGames: number;
  /** Different accounts the player's rating moved against. */
  ratedOpponents: number;
  /** Of those, the ones independent of the player (isIndependentOf). */
  independentOpponents: number;
  provisional: boolean;
}

/**
 * An opponent is independent of a player when it has rated games against at least
 * `independentOpponentOthers` accounts other than that player; `opponentsOfOpponent` is every
 * account the opponent's rating moved against (the player among them).
 */
export function isIndependentOf(player: number, opponentsOfOpponent: ReadonlySet<number>): boolean {
  const others = opponentsOfOpponent.size - (opponentsOfOpponent.has(player) ? 1 : 0);
  return others >= RATING_RULES.independentOpponentOthers;
}

/** Every account's distinct opponents in `pairs`. */
export function opponentsByAccount(
  pairs: readonly Pick<RatedPair, 'user_low' | 'user_high'>[],
): Map<number, Set<number>> {
  const result = new Map<number, Set<number>>();
  const note = (user: number, other: number) =>
    (result.get(user) ?? result.set(user, new Set()).get(user)!).add(other);
  for (const pair of pairs) {
    note(pair.user_low, pair.user_high);
    note(pair.user_high, pair.user_low);
  }
  return result;
}

/**
 * Each player's establishment from the rated pairs: `pairs` holds every pair of the players
 * (with its game), `opponents` every distinct opponent of each of their opponents.
 */
export function establishments(
  userIds: readonly number[],
  pairs: readonly RatedPair[],
  opponents: ReadonlyMap<number, ReadonlySet<number>>,
): Map<number, Establishment> {
  const games = new Map<number, Set<number>>();
  for (const pair of pairs) {
    for (const user of [pair.user_low, pair.user_high]) {
      (games.get(user) ?? games.set(user, new Set()).get(user)!).add(pair.game_id);
    }
  }
  const own = opponentsByAccount(pairs);
  return new Map(
    userIds.map((id) => {
      const mine = own.get(id) ?? new Set<number>();
      const independentOpponents = [...mine].filter((o) =>
        isIndependentOf(id, opponents.get(o) ?? new Set()),
      ).length;
      const ratedGames = games.get(id)?.size ?? 0;
      return [
        id,
        {
          ratedGames,
          ratedOpponents: mine.size,
          independentOpponents,
          provisional: isProvisional(ratedGames, independentOpponents),
        },
      ];
    }),
  );
}
