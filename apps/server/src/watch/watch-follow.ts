import type { GameState } from '@beerscale/contract/game-state';
import type { EventBus } from '../realtime/event-bus';
import type { WatchHub } from './watch-hub';
import { watchedScale, watcherView } from './watch-scope';
import type { WatchService } from './watch.service';

/**
 * A watch link follows its leader's next game (Play again, a rematch) until the leader ends the
 * evening, so the TV and the watchers' phones need no new link. Every instance hears
 * `game.created`: each tries the move (one succeeds, watch-links.repository.ts), then moves its
 * own sockets whose token now opens another game and sends them that game at once.
 */
export function registerWatchFollow(
  bus: EventBus,
  watch: WatchService,
  hub: WatchHub,
  snapshot: (gameId: number) => Promise<GameState | null>,
  onError: (err: unknown) => void,
): void {
  bus.subscribe('game.created', ({ gameId, creatorId }) => {
    void watch
      .follow(creatorId, gameId)
      .then(() => relink(watch, hub, snapshot))
      .catch(onError);
  });
}

async function relink(
  watch: WatchService,
  hub: WatchHub,
  snapshot: (gameId: number) => Promise<GameState | null>,
): Promise<void> {
  if (!hub.watchesAnyGame) return;
  const now = await watch.gamesOf([...hub.tokens()]);
  const states = new Map<number, GameState | null>();
  for (const { conn, gameId, token } of hub.sockets()) {
    const to = now.get(token);
    if (to === undefined || to === gameId) continue;
    if (!states.has(to)) states.set(to, await snapshot(to));
    const state = states.get(to);
    if (!state) continue;
    hub.move(conn, to, watchedScale(state));
    conn.send({ type: 'GAME_STATE', game: watcherView(state) });
  }
}
