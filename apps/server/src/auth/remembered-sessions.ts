import { LRUCache } from 'lru-cache';
import type { EventBus } from '../realtime/event-bus';
import type { SessionStore, SessionsRepository } from './sessions.repository';

type LiveUser = NonNullable<Awaited<ReturnType<SessionsRepository['findLiveUser']>>>;

/** The sessions and users changed while one read was in flight (`all`: the bus resynced). */
interface Heard {
  jtis: Set<string>;
  userIds: Set<number>;
  all: boolean;
}

/** How many live sessions one instance remembers (a few hundred bytes each). */
const REMEMBERED = 10_000;

/**
 * The session check of every authenticated request, from memory: a live session and its user
 * once read are remembered (at most REMEMBERED, least recently used out first), and the
 * expiry is checked on every use. What would make a remembered answer wrong travels on the bus
 * to every instance: a logout (`session.revoked`) forgets the session, a rename forgets the
 * user's sessions, a status change updates them. While the bus may miss events of other
 * instances (its listening connection is down) every check reads the database, and what was
 * remembered is dropped when it is back. The administrator flag is remembered with the
 * session: the operator's `create-admin`, which only promotes and resets the password, takes
 * effect at the next sign-in.
 */
export class RememberedSessions implements SessionStore {
  private readonly sessions: LRUCache<string, LiveUser>;
  private readonly byUser = new Map<number, Set<string>>();
  /**
   * What each read in flight heard meanwhile: a read overtaken by a change of its own session or
   * user is not remembered. Only its own: with every event counting, a busy server (players'
   * statuses change all the time) would hardly remember a fresh session at all.
   */
  private readonly reading = new Set<Heard>();

  constructor(
    private readonly repo: SessionsRepository,
    private readonly bus: EventBus,
  ) {
    this.sessions = new LRUCache({
      max: REMEMBERED,
      dispose: (row, jti) => this.unindex(row.user_id, jti),
    });
    bus.subscribe('session.revoked', ({ jti }) => {
      this.hear({ jti });
      this.sessions.delete(jti);
    });
    bus.subscribe('user.renamed', ({ userId }) => {
      this.hear({ userIds: [userId] });
      for (const jti of [...(this.byUser.get(userId) ?? [])]) this.sessions.delete(jti);
    });
    bus.subscribe('users.status-changed', ({ userIds, status }) => {
      this.hear({ userIds });
      for (const userId of userIds) {
        for (const jti of this.byUser.get(userId) ?? []) {
          const row = this.sessions.peek(jti);
          if (row) row.status = status;
        }
      }
    });
    bus.onResync(() => {
      this.hear({ all: true });
      this.sessions.clear();
    });
  }

  create(...args: Parameters<SessionsRepository['create']>): Promise<void> {
    return this.repo.create(...args);
  }

  touch(jti: string, now: Date): Promise<void> {
    return this.repo.touch(jti, now);
  }

  revoke(jti: string, now: Date): Promise<boolean> {
    this.hear({ jti });
    this.sessions.delete(jti);
    return this.repo.revoke(jti, now);
  }

  /**
   * findLiveUser's answer when it comes from memory (remembered, unexpired, the bus in sync);
   * undefined otherwise, and then findLiveUser decides.
   */
  remembered(jti: string, now: Date): LiveUser | undefined {
    if (!this.bus.inSync) return undefined;
    const known = this.sessions.get(jti);
    return known && known.expires_at > now.toISOString() ? known : undefined;
  }

  /** The live session's user, as SessionsRepository.findLiveUser answers it. */
  async findLiveUser(jti: string, now: Date): Promise<LiveUser | undefined> {
    const known = this.sessions.get(jti);
    if (known && this.bus.inSync) {
      if (known.expires_at > now.toISOString()) return known;
      this.sessions.delete(jti);
      return undefined;
    }
    const heard: Heard = { jtis: new Set(), userIds: new Set(), all: false };
    this.reading.add(heard);
    let row: LiveUser | undefined;
    try {
      row = await this.repo.findLiveUser(jti, now);
    } finally {
      this.reading.delete(heard);
    }
    const overtaken = heard.all || heard.jtis.has(jti) || (row && heard.userIds.has(row.user_id));
    if (row && this.bus.inSync && !overtaken) {
      this.sessions.set(jti, row);
      let jtis = this.byUser.get(row.user_id);
      if (!jtis) this.byUser.set(row.user_id, (jtis = new Set()));
      jtis.add(jti);
    }
    return row;
  }

  private hear(change: { jti?: string; userIds?: number[]; all?: boolean }): void {
    for (const heard of this.reading) {
      if (change.jti) heard.jtis.add(change.jti);
      for (const userId of change.userIds ?? []) heard.userIds.add(userId);
      if (change.all) heard.all = true;
    }
  }

  private unindex(userId: number, jti: string): void {
    const jtis = this.byUser.get(userId);
    jtis?.delete(jti);
    if (jtis?.size === 0) this.byUser.delete(userId);
  }
}
