import { onGameChange } from './bus-events';
import type { EventBus } from './event-bus';
import type { BrowserHub } from './browser-hub';
import type { BrowserMessageRouter } from './browser-messages';
import type { EventRouter } from './event-router';
import type { DeviceGateway } from '../devices/device-gateway';
import type { DevicesRepository } from '../devices/devices.repository';

export const NOT_ALLOWED_TO_WATCH = 'You cannot watch this scale';

/**
 * SELECT_SCALE (docs/ARCHITECTURE.md, Rules and their homes): the approved owner of a scale and the
 * players of a set-up or running game on it may watch its live weight; anyone else gets an ERROR
 * and nothing. A selection replaces the previous one, so a refused one leaves the socket watching
 * nothing. Access is decided again whenever it may have ended (a game on the scale changed: kick,
 * leave, cancel, completion; or its owner changed): a watcher who lost it stops receiving,
 * silently.
 */
export function registerScaleWatch(
  router: BrowserMessageRouter,
  hub: BrowserHub,
  repo: DevicesRepository,
  gateway: DeviceGateway,
  bus: EventBus,
  events: Pick<EventRouter, 'greetWatcher'>,
  onError: (err: unknown) => void,
): void {
  // Selections of one socket may overlap while the tables answer: only the newest one counts.
  const selections = new WeakMap<object, number>();
  router.on('SELECT_SCALE', async (conn, { macAddress }) => {
    const selection = (selections.get(conn) ?? 0) + 1;
    selections.set(conn, selection);
    hub.unwatch(conn);
    const allowed = await repo.canWatch(macAddress, conn.userId);
    if (selections.get(conn) !== selection) return;
    if (!allowed) return NOT_ALLOWED_TO_WATCH;
    const connected = gateway.isOnline(await repo.connectionOf(macAddress));
    // A socket that closed or moved on meanwhile must not be left in the hub's index.
    if (selections.get(conn) !== selection || !conn.isOpen) return;
    hub.watch(conn, macAddress);
    // Samples of a scale on another instance are not kept here; the next one arrives within 100 ms.
    events.greetWatcher(conn, {
      mac: macAddress,
      connected,
      sample: gateway.latestSample(macAddress),
    });
  });
  const recheck = async (mac: string) => {
    for (const conn of [...hub.watchersOf(mac)]) {
      const selection = selections.get(conn);
      if (await repo.canWatch(mac, conn.userId)) continue;
      // A newer selection made meanwhile was checked on its own.
      if (selections.get(conn) !== selection || conn.watchedScale !== mac) continue;
      selections.set(conn, (selection ?? 0) + 1);
      hub.unwatch(conn);
    }
  };
  bus.subscribe('scale.owner-changed', ({ mac }) => void recheck(mac).catch(onError));
  onGameChange(bus, (gameId) => {
    // Every engine step announces a change: most instances, most of the time, have no watcher.
    if (!hub.watchesAnyScale) return;
    void repo
      .scaleOfGame(gameId)
      .then((mac) => (mac ? recheck(mac) : undefined))
      .catch(onError);
  });
  router.on('UNSELECT_SCALE', (conn) => {
    selections.set(conn, (selections.get(conn) ?? 0) + 1);
    hub.unwatch(conn);
  });
}
