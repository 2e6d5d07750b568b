import type { EventBus } from '../realtime/event-bus';
import type { LeaderboardService } from './leaderboard.service';

/**
 * Ratings and counters move only when a game completes, and the play domain announces every
 * completion with GAME_COMPLETED to its players after the results are committed. Listening
 * for it keeps each instance's cached page fresh without the play domain knowing about it
 * (and reaches sibling instances wherever the bus carries `users.notify`).
 */
export function invalidateOnGameCompletion(bus: EventBus, leaderboard: LeaderboardService) {
  return bus.subscribe('users.notify', ({ message }) => {
    if (message.type === 'GAME_COMPLETED') leaderboard.invalidate();
  });
}
