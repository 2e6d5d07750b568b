import type { EventBus } from '../realtime/event-bus';
import type { LeaderboardService } from './leaderboard.service';

/**
 * Ratings and counters move only when a game completes, and the play domain publishes
 * `game.completed` after the results are committed; names change only by a rename. Listening
 * for both keeps each instance's cached ranking fresh without those domains knowing about it
 * (the bus carries both to sibling instances).
 */
export function invalidateLeaderboard(bus: EventBus, leaderboard: LeaderboardService) {
  const completed = bus.subscribe('game.completed', () => leaderboard.invalidate());
  const renamed = bus.subscribe('user.renamed', () => leaderboard.invalidate());
  const voided = bus.subscribe('game.voided', () => leaderboard.invalidate());
  return () => {
    voided();
    completed();
    renamed();
  };
}
