import { SOCKET_IDLE_MS } from '@beerscale/contract/limits';
import type { BrowserConnection } from './browser-connection';

const PING_EVERY_MS = 25_000;

/**
 * The server pings; a socket that has said nothing for 60 s is gone, so a phone that lost its
 * network does not keep its player online or hold a socket place.
 */
export function startHeartbeat(
  hub: { all(): BrowserConnection[] },
  idleMs = SOCKET_IDLE_MS,
): () => void {
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const conn of hub.all()) {
        if (now - conn.lastHeardAt > idleMs) {
          conn.socket.terminate();
        } else {
          conn.send({ type: 'PING' });
        }
      }
    },
    Math.min(PING_EVERY_MS, idleMs / 2),
  );
  timer.unref();
  return () => clearInterval(timer);
}
