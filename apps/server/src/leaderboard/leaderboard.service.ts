import type { UserStatus } from '@beerscale/contract/users';
import type { LeaderboardRepository } from './leaderboard.repository';

export interface LeaderboardEntry {
  id: number;
  playerName: string;
  status?: UserStatus;
  currentElo: number;
  averageMeanDifference: number | null;
  gamesPlayed: number;
  gamesWon: number;
}

export class LeaderboardService {
  constructor(private readonly repo: LeaderboardRepository) {}

  async top(limit: number, includeStatus: boolean): Promise<LeaderboardEntry[]> {
    const rows = await this.repo.top(limit);
    return rows.map((r) => ({
      id: r.id,
      playerName: r.player_name,
      ...(includeStatus ? { status: r.status as UserStatus } : {}),
      currentElo: r.current_elo,
      averageMeanDifference: r.average_mean_difference,
      gamesPlayed: r.games_played,
      gamesWon: r.games_won,
    }));
  }
}
