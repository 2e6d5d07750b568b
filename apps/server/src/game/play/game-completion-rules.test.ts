import { describe, expect, it } from 'vitest';
import { rateGame } from '../../rating/game-rating';
import {
  newestRecentGames,
  settleGame,
  type FinalStanding,
  type PlayerStats,
  type SeatedAccount,
} from './game-completion-rules';

const fresh: PlayerStats = {
  current_elo: 1200,
  peak_elo: 1200,
  games_played: 0,
  games_won: 0,
  ranked_games_played: 0,
  total_exact_matches: 0,
  total_penalties: 0,
  best_mean_difference: null,
  average_mean_difference: null,
};

const standing = (gamePlayerId: number, rank: number, meanDifference: number): FinalStanding => ({
  gamePlayerId,
  rank,
  meanDifference,
  exactMatches: rank === 1 ? 2 : 0,
  bestDifference: 0,
});

const seat = (gamePlayerId: number, position: number, stats = fresh): SeatedAccount => ({
  gamePlayerId,
  position,
  userId: 100 + gamePlayerId,
  stats,
});

describe('settleGame', () => {
  it('counts only the first slot of a fast game and never rates it', () => {
    const settled = settleGame({
      mode: 'fast',
      standings: [standing(1, 2, 4), standing(2, 1, 1), standing(3, 3, 9)],
      // Slot 2 holds an account here only to show that a later slot never counts.
      accounts: [seat(1, 0), seat(3, 2)],
      rated: true,
      rate: rateGame,
    });
    expect(settled.stats).toEqual([
      {
        userId: 101,
        stats: {
          ...fresh,
          games_played: 1,
          best_mean_difference: 4,
          average_mean_difference: 4,
        },
      },
    ]);
    expect(settled.ratings).toEqual([]);
    expect(settled.recentGames).toEqual([{ userId: 101, rank: 2, meanDifference: 4 }]);
  });

  it('counts and rates every account of a rated ranked game from its rating before the game', () => {
    const strong = { ...fresh, current_elo: 1400, peak_elo: 1450 };
    const settled = settleGame({
      mode: 'ranked',
      standings: [standing(1, 1, 2), standing(2, 2, 5)],
      accounts: [seat(1, 0), seat(2, 1, strong)],
      rated: true,
      rate: rateGame,
    });
    const [winner, loser] = settled.ratings;
    expect(winner).toMatchObject({ gamePlayerId: 1, userId: 101, eloBefore: 1200 });
    expect(loser).toMatchObject({ gamePlayerId: 2, userId: 102, eloBefore: 1400 });
    expect(winner!.eloAfter).toBeGreaterThan(1200);
    expect(winner!.eloAfter - 1200 + (loser!.eloAfter - 1400)).toBeCloseTo(0, 9);
    expect(settled.stats).toEqual([
      {
        userId: 101,
        stats: {
          current_elo: winner!.eloAfter,
          peak_elo: winner!.eloAfter,
          games_played: 1,
          games_won: 1,
          ranked_games_played: 1,
          total_exact_matches: 2,
          total_penalties: 0,
          best_mean_difference: 2,
          average_mean_difference: 2,
        },
      },
      {
        userId: 102,
        stats: {
          current_elo: loser!.eloAfter,
          // A loss keeps the peak.
          peak_elo: 1450,
          games_played: 1,
          games_won: 0,
          ranked_games_played: 1,
          total_exact_matches: 0,
          total_penalties: 0,
          best_mean_difference: 5,
          average_mean_difference: 5,
        },
      },
    ]);
  });

  it('never pairs teammates: no rated pair, no pair limit, no rating from a teammate alone', () => {
    const teamed = (id: number, rank: number, team: number) => ({ ...standing(id, rank, 3), team });
    const asked: string[] = [];
    const settled = settleGame({
      mode: 'ranked',
      // Team 1: players 1 and 2 (both first); team 2: players 3 and 4 (both third).
      standings: [teamed(1, 1, 1), teamed(2, 1, 1), teamed(3, 3, 2), teamed(4, 3, 2)],
      accounts: [seat(1, 0), seat(2, 1), seat(3, 2), seat(4, 3)],
      rated: true,
      rate: rateGame,
      pairCounts: (a, b) => {
        asked.push(`${a}:${b}`);
        return true;
      },
    });
    expect(settled.ratedPairs).toEqual([
      [101, 103],
      [101, 104],
      [102, 103],
      [102, 104],
    ]);
    expect(settled.pairLimited).toBe(false);
    // The pair limit is never asked about teammates.
    expect(asked.some((pair) => ['101:102', '102:101', '103:104', '104:103'].includes(pair))).toBe(
      false,
    );
    expect(settled.ratings.map((r) => r.userId)).toEqual([101, 102, 103, 104]);

    // Two teammates whose every other pair is at its limit: nobody is rated, nothing is paired.
    const limited = settleGame({
      mode: 'ranked',
      standings: [teamed(1, 1, 1), teamed(2, 1, 1), teamed(3, 3, 2)],
      accounts: [seat(1, 0), seat(2, 1), seat(3, 2)],
      rated: true,
      rate: rateGame,
      pairCounts: () => false,
    });
    expect(limited.ratedPairs).toEqual([]);
    expect(limited.ratings).toEqual([]);
    expect(limited.pairLimited).toBe(true);
  });

  it('counts an unrated ranked game in the statistics but leaves every rating as it was', () => {
    const settled = settleGame({
      mode: 'ranked',
      standings: [standing(1, 1, 2), standing(2, 2, 5)],
      accounts: [seat(1, 0), seat(2, 1)],
      rated: false,
      rate: () => {
        throw new Error('an unrated game is never rated');
      },
    });
    expect(settled.ratings).toEqual([]);
    for (const { stats } of settled.stats) {
      expect(stats).toMatchObject({ current_elo: 1200, peak_elo: 1200, ranked_games_played: 0 });
      expect(stats.games_played).toBe(1);
    }
  });

  it('folds a game into the average and keeps the best mean difference', () => {
    const played: PlayerStats = {
      ...fresh,
      games_played: 3,
      games_won: 1,
      total_exact_matches: 4,
      best_mean_difference: 2,
      average_mean_difference: 6,
    };
    const [worse] = settleGame({
      mode: 'fast',
      standings: [standing(1, 1, 10)],
      accounts: [seat(1, 0, played)],
      rated: false,
      rate: rateGame,
    }).stats;
    expect(worse?.stats).toMatchObject({
      games_played: 4,
      games_won: 2,
      total_exact_matches: 6,
      best_mean_difference: 2,
      average_mean_difference: 7,
    });
    const [better] = settleGame({
      mode: 'fast',
      standings: [standing(1, 2, 1)],
      accounts: [seat(1, 0, played)],
      rated: false,
      rate: rateGame,
    }).stats;
    expect(better?.stats).toMatchObject({ games_won: 1, best_mean_difference: 1 });
  });

  it('leaves an account the engine did not rank out of everything', () => {
    const settled = settleGame({
      mode: 'ranked',
      standings: [standing(1, 1, 2), standing(2, 2, 3)],
      accounts: [seat(1, 0), seat(2, 1), seat(3, 2)],
      rated: true,
      rate: rateGame,
    });
    expect(settled.stats.map((s) => s.userId)).toEqual([101, 102]);
    expect(settled.ratings.map((r) => r.userId)).toEqual([101, 102]);
    expect(settled.recentGames.map((r) => r.userId)).toEqual([101, 102]);
  });
});

describe('newestRecentGames', () => {
  it('keeps the newest rows, the higher game id first among games finished together', () => {
    const row = (game_id: number, finished_at: string) => ({ game_id, finished_at });
    const rows = [
      row(1, '2026-01-01T00:00:00.000Z'),
      row(3, '2026-01-03T00:00:00.000Z'),
      row(2, '2026-01-03T00:00:00.000Z'),
      row(4, '2026-01-02T00:00:00.000Z'),
    ];
    expect(newestRecentGames(rows, 3).map((r) => r.game_id)).toEqual([3, 2, 4]);
    expect(newestRecentGames(rows, 10)).toHaveLength(4);
  });
});
