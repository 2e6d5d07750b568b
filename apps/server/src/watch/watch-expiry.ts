import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import { WATCH_ERRORS } from '@beerscale/contract/watch';
import type { WatchHub } from './watch-hub';
import type { WatchService } from './watch.service';

const CHECK_EVERY_MS = 60_000;

/**
 * A link expires a day after its game ended, without any event saying so: its open sockets are
 * checked every minute and closed once it opens nothing.
 */
export function startWatchExpiry(
  hub: WatchHub,
  watch: WatchService,
  onError: (err: unknown) => void,
  everyMs = CHECK_EVERY_MS,
): () => void {
  const timer = setInterval(() => {
    for (const token of hub.tokens()) {
      watch
        .gameOf(token)
        .then((gameId) => {
          if (gameId === null) hub.closeToken(token, CLOSE_POLICY, WATCH_ERRORS.invalidLink);
        })
        .catch(onError);
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
