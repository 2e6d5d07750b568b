import type { UsersRepository } from '../users/users.repository';

/**
 * DESIGN §7 presence: a user is offline when no socket of theirs is open, after a grace period
 * that hides page reloads and flaky phones; otherwise the status they last sent.
 */
export class PresenceService {
  private readonly offlineTimers = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly users: UsersRepository,
    private readonly graceMs: number,
    private readonly hasSockets: (userId: number) => boolean,
    private readonly onError: (err: unknown) => void,
  ) {}

  async connected(userId: number): Promise<void> {
    const timer = this.offlineTimers.get(userId);
    if (timer) clearTimeout(timer);
    this.offlineTimers.delete(userId);
    const user = await this.users.findPublicById(userId);
    if (user && user.status === 'offline') await this.users.setStatus(userId, 'logged_in');
  }

  disconnected(userId: number): void {
    if (this.stopped || this.offlineTimers.has(userId)) return;
    const timer = setTimeout(() => {
      this.offlineTimers.delete(userId);
      if (this.hasSockets(userId)) return;
      this.users.setStatus(userId, 'offline').catch(this.onError);
    }, this.graceMs);
    timer.unref();
    this.offlineTimers.set(userId, timer);
  }

  /** On shutdown: whoever is still connected here goes offline now, not never. */
  async flush(userIds: number[]): Promise<void> {
    this.stopped = true;
    for (const timer of this.offlineTimers.values()) clearTimeout(timer);
    const pending = [...this.offlineTimers.keys(), ...userIds];
    this.offlineTimers.clear();
    await Promise.all(pending.map((id) => this.users.setStatus(id, 'offline')));
  }
}
