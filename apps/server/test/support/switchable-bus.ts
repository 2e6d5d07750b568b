import { LocalEventBus, type EventBus } from '../../src/realtime/event-bus';

/**
 * An in-process bus whose listening connection a test can take down (`inSync = false`) and
 * bring back (`resync()`), as PgEventBus does when PostgreSQL's connection drops.
 */
export function switchableBus() {
  const local = new LocalEventBus((err) => {
    throw err;
  });
  const listeners = new Set<() => void>();
  const bus = {
    inSync: true,
    publish: local.publish.bind(local),
    subscribe: local.subscribe.bind(local),
    close: () => local.close(),
    onResync(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resync() {
      bus.inSync = true;
      for (const listener of listeners) listener();
    },
  };
  return bus satisfies EventBus;
}
