import type { GameMode } from '@beerscale/contract/limits';
import type { UserRow } from '../../db/schema';
import type { PairCounts, Rate, RatedPlayer } from '../../rating/game-rating';

// What finishing a game means for its players (docs/ARCHITECTURE.md, Rules and their homes;
// README.md, The rating rules), without I/O: the completion transaction
// (game-completion.repository.ts) writes what this decides, and the seeder (seed/seed-plan.ts)
// applies the same decisions to the rows it plans.

/** A player's final line as the engine ranked it. */
export interface FinalStanding {
  gamePlayerId: number;
  rank: number;
  meanDifference: number;
  exactMatches: number;
  bestDifference: number;
  /** House rules: penalties drunk in this game (absent: none). */
  penalties?: number;
  /** House rules: the player's team (absent or null: no teams). */
  team?: number | null;
}

/** The columns of an account that completion reads and writes. */
export type PlayerStats = Pick<
  UserRow,
  | 'current_elo'
  | 'peak_elo'
  | 'games_played'
  | 'games_won'
  | 'ranked_games_played'
  | 'total_exact_matches'
  | 'best_mean_difference'
  | 'average_mean_difference'
  | 'total_penalties'
>;

/** An account in the game's line-up, with its statistics before this game. */
export interface SeatedAccount {
  gamePlayerId: number;
  position: number;
  userId: number;
  stats: PlayerStats;
}

export interface FinishedGame {
  mode: GameMode;
  standings: FinalStanding[];
  /** The accounts of the line-up (typed names of a fast game have none). */
  accounts: SeatedAccount[];
  /** False for a ranked game that must not move ratings (no reading was weighed). */
  rated: boolean;
  rate: Rate;
  /** The pair limit: whether two accounts' result in this game moves their ratings. */
  pairCounts?: PairCounts;
}

export interface Settlement {
  /** The new statistics of every counted account. */
  stats: { userId: number; stats: PlayerStats }[];
  /** Rating changes: the game's players' elo_before/after and one history row each. */
  ratings: RatedPlayer[];
  /** The rows this game adds to its counted accounts' recent games (migration 0007). */
  recentGames: { userId: number; rank: number; meanDifference: number }[];
  /** The pairs of accounts (lower id first) that moved each other's rating. */
  ratedPairs: [number, number][];
  /** Whether some pair of a rated game did not count (the pair limit). */
  pairLimited: boolean;
}

/**
 * Statistics count (docs/ARCHITECTURE.md, Decisions) for every account of a ranked game, and for
 * the account in the first slot of a fast game (the other slots are typed names). Only a rated
 * ranked game moves ratings; the ratings it starts from are those before the game.
 */
export function settleGame(game: FinishedGame): Settlement {
  const byPlayer = new Map(game.standings.map((s) => [s.gamePlayerId, s]));
  const counted = game.accounts.flatMap((account) => {
    const standing = byPlayer.get(account.gamePlayerId);
    const counts = game.mode === 'ranked' || account.position === 0;
    return standing && counts ? [{ account, standing }] : [];
  });

  const rates = game.mode === 'ranked' && game.rated;
  // Teammates are no result for each other (the pairwise ELO skips them): they are no rated pair
  // either, so they neither use up the pair limit nor count as opponents (issue 42).
  const teamOf = new Map(counted.map(({ account, standing }) => [account.userId, standing.team]));
  const teammates = (a: number, b: number) => {
    const team = teamOf.get(a);
    return team !== null && team !== undefined && team === teamOf.get(b);
  };
  const limit = game.pairCounts ?? (() => true);
  const pairCounts: PairCounts = (a, b) => !teammates(a, b) && limit(a, b);
  const ratings = rates
    ? game.rate(
        counted.map(({ account, standing }) => ({
          gamePlayerId: account.gamePlayerId,
          userId: account.userId,
          elo: account.stats.current_elo,
          rank: standing.rank,
          team: standing.team ?? null,
        })),
        pairCounts,
      )
    : [];
  const ratedPairs: [number, number][] = [];
  let pairLimited = false;
  if (rates) {
    const ids = [...new Set(counted.map(({ account }) => account.userId))].sort((a, b) => a - b);
    ids.forEach((low, i) => {
      for (const high of ids.slice(i + 1)) {
        if (teammates(low, high)) continue;
        if (limit(low, high)) ratedPairs.push([low, high]);
        else pairLimited = true;
      }
    });
  }
  const ratingOf = new Map(ratings.map((r) => [r.gamePlayerId, r.eloAfter]));

  return {
    stats: counted.map(({ account, standing }) => ({
      userId: account.userId,
      stats: afterGame(account.stats, standing, ratingOf.get(account.gamePlayerId)),
    })),
    ratings,
    recentGames: counted.map(({ account, standing }) => ({
      userId: account.userId,
      rank: standing.rank,
      meanDifference: standing.meanDifference,
    })),
    ratedPairs,
    pairLimited,
  };
}

function afterGame(
  before: PlayerStats,
  s: FinalStanding,
  eloAfter: number | undefined,
): PlayerStats {
  const n = before.games_played;
  const best = before.best_mean_difference;
  return {
    games_played: n + 1,
    games_won: before.games_won + (s.rank === 1 ? 1 : 0),
    total_exact_matches: before.total_exact_matches + s.exactMatches,
    total_penalties: before.total_penalties + (s.penalties ?? 0),
    best_mean_difference: best !== null && best < s.meanDifference ? best : s.meanDifference,
    average_mean_difference:
      ((before.average_mean_difference ?? 0) * n + s.meanDifference) / (n + 1),
    current_elo: eloAfter ?? before.current_elo,
    peak_elo: eloAfter === undefined ? before.peak_elo : Math.max(before.peak_elo, eloAfter),
    ranked_games_played: before.ranked_games_played + (eloAfter === undefined ? 0 : 1),
  };
}

/** The home page's summary keeps each player's newest games: newest first, then highest id. */
export function newestRecentGames<T extends { finished_at: string; game_id: number }>(
  rows: T[],
  limit: number,
): T[] {
  return [...rows]
    .sort((a, b) =>
      a.finished_at === b.finished_at
        ? b.game_id - a.game_id
        : a.finished_at < b.finished_at
          ? 1
          : -1,
    )
    .slice(0, limit);
}
