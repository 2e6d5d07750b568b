import type { UserStatus } from '@beerscale/contract/users';
import type { UsersRepository } from '../users/users.repository';
import type { Liveness, PresenceRepository } from './presence.repository';

/** User ids per `users.status-changed` event: about 4 KB, under NOTIFY's 8000 bytes. */
const ANNOUNCED_AT_ONCE = 500;

export interface PresenceTiming {
  /** How long a user stays online after their last socket closed (hides reloads). */
  graceMs: number;
  /** Heartbeat and sweep period of this instance. */
  sweepMs: number;
  /** An instance silent for this long is dead: its claims are swept. */
  instanceStaleMs: number;
}

/**
 * Presence across instances (docs/ARCHITECTURE.md, Decisions): a user is offline when no live
 * instance holds a socket of theirs, after a grace period that hides page reloads and flaky phones;
 * otherwise the status they last sent. Each instance records its own sockets per user; timers here
 * give a prompt offline, and the periodic sweep catches what a crashed instance left behind.
 */
export class PresenceService {
  private readonly offlineTimers = new Map<number, NodeJS.Timeout>();
  /** Claims of one user are written in order, so a quick open/close cannot leave a stale count. */
  private readonly chains = new Map<number, Promise<void>>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly users: UsersRepository,
    private readonly repo: PresenceRepository,
    private readonly instanceId: string,
    private readonly timing: PresenceTiming,
    private readonly localSockets: (userId: number) => number,
    private readonly onError: (err: unknown) => void,
    /** Tells every instance's copy of the statuses (user-statuses.ts) what was written. */
    private readonly announce: (userIds: number[], status: UserStatus) => void,
  ) {}

  /** Announces this instance and starts its heartbeat and sweep. */
  async start(): Promise<void> {
    await this.repo.heartbeat(this.instanceId, new Date().toISOString());
    this.sweepTimer = setInterval(() => void this.tick(), this.timing.sweepMs);
    this.sweepTimer.unref();
  }

  /** Heartbeat, then sweep; returns how many users the sweep set offline. */
  async tick(): Promise<number> {
    try {
      await this.repo.heartbeat(this.instanceId, new Date().toISOString());
      const swept = await this.repo.sweep(this.liveness());
      // Bus payloads stay under 8000 bytes (docs/ARCHITECTURE.md, How a live event flows): a
      // crashed instance's users in several events.
      for (let i = 0; i < swept.length; i += ANNOUNCED_AT_ONCE) {
        this.announce(swept.slice(i, i + ANNOUNCED_AT_ONCE), 'offline');
      }
      return swept.length;
    } catch (err) {
      this.onError(err);
      return 0;
    }
  }

  /** A sign-in set the user's status to logged_in (auth.service.ts); held for the grace period. */
  signedIn(userId: number): void {
    this.announce([userId], 'logged_in');
    this.statusClaimed(userId);
  }

  async connected(userId: number): Promise<void> {
    this.cancelExpiry(userId);
    await this.record(userId);
    const user = await this.users.findPublicById(userId);
    if (user && user.status === 'offline') {
      await this.users.setStatus(userId, 'logged_in');
      this.announce([userId], 'logged_in');
    }
  }

  /** One of the user's sockets on this instance closed. */
  socketClosed(userId: number): void {
    this.record(userId).catch(this.onError);
    if (this.localSockets(userId) === 0) this.scheduleExpiry(userId);
  }

  /** A status set without a socket (a login, a PUT) holds for the grace period. */
  statusClaimed(userId: number): void {
    this.record(userId).catch(this.onError);
    if (this.localSockets(userId) === 0) this.scheduleExpiry(userId);
  }

  /** On shutdown: this instance's users go offline now unless another instance holds them. */
  async leave(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const timer of this.offlineTimers.values()) clearTimeout(timer);
    const pending = [...this.offlineTimers.keys()];
    this.offlineTimers.clear();
    await Promise.all(this.chains.values());
    const held = await this.repo.leave(this.instanceId);
    const live = this.liveness();
    for (const userId of new Set([...pending, ...held])) {
      if (!(await this.repo.isHeld(userId, live, this.instanceId))) {
        await this.users.setStatus(userId, 'offline');
        this.announce([userId], 'offline');
      }
    }
  }

  private scheduleExpiry(userId: number): void {
    if (this.stopped || this.offlineTimers.has(userId)) return;
    const timer = setTimeout(() => {
      this.offlineTimers.delete(userId);
      if (this.localSockets(userId) > 0) return;
      void this.expire(userId).catch(this.onError);
    }, this.timing.graceMs);
    timer.unref();
    this.offlineTimers.set(userId, timer);
  }

  private async expire(userId: number): Promise<void> {
    await this.chains.get(userId);
    // This instance's own sockets are known here; only the others need asking.
    if (this.localSockets(userId) > 0) return;
    if (await this.repo.isHeld(userId, this.liveness(), this.instanceId)) return;
    await this.users.setStatus(userId, 'offline');
    this.announce([userId], 'offline');
  }

  private cancelExpiry(userId: number): void {
    const timer = this.offlineTimers.get(userId);
    if (timer) clearTimeout(timer);
    this.offlineTimers.delete(userId);
  }

  private record(userId: number): Promise<void> {
    // After leave() this instance no longer claims anyone: late socket closes write nothing.
    if (this.stopped) return Promise.resolve();
    const previous = this.chains.get(userId) ?? Promise.resolve();
    // The count is read when the write runs, so the last write always carries the latest count.
    const next = previous.then(() =>
      this.repo.claim(this.instanceId, userId, this.localSockets(userId), new Date().toISOString()),
    );
    const settled = next.catch(() => {});
    this.chains.set(userId, settled);
    void settled.then(() => {
      if (this.chains.get(userId) === settled) this.chains.delete(userId);
    });
    return next;
  }

  private liveness(): Liveness {
    const now = Date.now();
    return {
      aliveSince: new Date(now - this.timing.instanceStaleMs).toISOString(),
      claimedSince: new Date(now - this.timing.graceMs).toISOString(),
    };
  }
}
