import type { UserStatus } from '@beerscale/contract/users';
import type { EventBus } from './event-bus';

/** How many users' statuses one instance remembers; the rest are read again when asked for. */
const REMEMBERED = 50_000;

/**
 * Each instance's copy of who is online (user -> status), so pages that show presence do not
 * ask the database for it on every request. It follows `users.status-changed`, published by
 * every writer of a status on any instance (the bus carries it across); a user not heard of
 * yet is read from the database, which stays the record (a restarted instance starts empty).
 * While the bus may be missing events of other instances, statuses are read from the database,
 * and when it is back in sync the copy is dropped.
 */
export class UserStatuses {
  private readonly known = new Map<number, UserStatus>();
  private readonly listeners = new Set<(userIds: number[] | null) => void>();
  /** Bumped when the copy is dropped: a read that started before must not refill it. */
  private epoch = 0;

  constructor(
    private readonly read: (ids: number[]) => Promise<{ id: number; status: string }[]>,
    private readonly bus: EventBus,
  ) {
    bus.subscribe('users.status-changed', ({ userIds, status }) => {
      for (const id of userIds) this.remember(id, status);
      this.changed(userIds);
    });
    bus.onResync(() => {
      this.epoch += 1;
      this.known.clear();
      this.changed(null);
    });
  }

  /** The statuses of these users; a user the database does not know reads as offline. */
  async of(ids: readonly number[]): Promise<Map<number, UserStatus>> {
    const missing = ids.filter((id) => !this.known.has(id));
    const fresh = new Map<number, UserStatus>();
    if (missing.length > 0 || !this.bus.inSync) {
      const trusted = this.bus.inSync;
      const epoch = this.epoch;
      const rows = await this.read(trusted ? missing : [...ids]);
      for (const row of rows) fresh.set(row.id, row.status as UserStatus);
      // An event heard during the read is newer than what the read saw: it wins.
      if (trusted && this.bus.inSync && epoch === this.epoch) {
        for (const [id, status] of fresh) if (!this.known.has(id)) this.remember(id, status);
      }
    }
    const inSync = this.bus.inSync;
    return new Map(
      ids.map((id) => [
        id,
        (inSync ? this.known.get(id) : undefined) ?? fresh.get(id) ?? 'offline',
      ]),
    );
  }

  /**
   * Hears the users whose status changed, or null when any may have (the copy was dropped).
   * Called synchronously with the event, before any request can read the new status.
   */
  onChange(listener: (userIds: number[] | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private remember(id: number, status: UserStatus): void {
    this.known.delete(id);
    this.known.set(id, status);
    if (this.known.size > REMEMBERED) {
      this.known.delete(this.known.keys().next().value as number);
    }
  }

  private changed(userIds: number[] | null): void {
    for (const listener of this.listeners) listener(userIds);
  }
}
