import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import type { BrowserHub } from './browser-hub';
import type { EventBus } from './event-bus';

/**
 * The one place where bus events become browser messages (Outline's rule): domain code
 * publishes, this decides which of this instance's sockets hear it.
 */
export function routeBrowserEvents(bus: EventBus, hub: BrowserHub): () => void {
  const unsubscribers = [
    bus.subscribe('users.notify', ({ userIds, message }) => hub.sendToUsers(userIds, message)),
    bus.subscribe('session.revoked', ({ jti }) =>
      hub.closeSession(jti, CLOSE_POLICY, 'Logged out'),
    ),
    bus.subscribe('scale.status', ({ mac, connected }) => {
      for (const conn of hub.watchersOf(mac)) {
        conn.send({ type: 'SCALE_STATUS', macAddress: mac, connected });
      }
    }),
    bus.subscribe('scale.sample', ({ mac, grams, stable, ts }) => {
      for (const conn of hub.watchersOf(mac)) {
        conn.sendSample({ type: 'SCALE_DATA', macAddress: mac, grams, stable, ts });
      }
    }),
  ];
  return () => unsubscribers.forEach((off) => off());
}
