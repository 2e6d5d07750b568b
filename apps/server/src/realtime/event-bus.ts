import type { BusEvents, BusEventType } from './bus-events';

export type BusHandler<K extends BusEventType> = (payload: BusEvents[K]) => void;

/** One interface, two implementations: in-process (SQLite) and PostgreSQL LISTEN/NOTIFY. */
export interface EventBus {
  publish<K extends BusEventType>(type: K, payload: BusEvents[K]): void;
  subscribe<K extends BusEventType>(type: K, handler: BusHandler<K>): () => void;
  /**
   * False while events of other instances may be missed (the listening connection is down):
   * what an instance keeps in memory from events must not be trusted then.
   */
  readonly inSync: boolean;
  /** Heard when the bus is in sync again after a gap: memory fed by events must be dropped. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Delivers synchronously to this process's subscribers; a throwing handler is isolated. */
export class LocalEventBus implements EventBus {
  private readonly handlers = new Map<BusEventType, Set<(payload: unknown) => void>>();

  /** One process: nothing can be missed. */
  readonly inSync = true;

  constructor(private readonly onHandlerError: (err: unknown, type: BusEventType) => void) {}

  onResync(): () => void {
    return () => {};
  }

  publish<K extends BusEventType>(type: K, payload: BusEvents[K]): void {
    this.deliver(type, payload);
  }

  /** Used by transports that received an event from another instance. */
  deliver(type: BusEventType, payload: unknown): void {
    for (const handler of this.handlers.get(type) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.onHandlerError(err, type);
      }
    }
  }

  subscribe<K extends BusEventType>(type: K, handler: BusHandler<K>): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const untyped = handler as (payload: unknown) => void;
    set.add(untyped);
    return () => set.delete(untyped);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
