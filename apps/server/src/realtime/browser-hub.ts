import type { ServerToBrowser } from '@beerscale/contract/browser-socket';
import type { BrowserConnection } from './browser-connection';

/** This instance's open browser sockets, indexed the ways events need to find them. */
export class BrowserHub {
  private readonly byUser = new Map<number, Set<BrowserConnection>>();
  private readonly bySession = new Map<string, Set<BrowserConnection>>();
  private readonly byScale = new Map<string, Set<BrowserConnection>>();

  add(conn: BrowserConnection): void {
    addTo(this.byUser, conn.userId, conn);
    addTo(this.bySession, conn.jti, conn);
  }

  /** Returns true when that was the user's last socket on this instance. */
  remove(conn: BrowserConnection): boolean {
    this.unwatch(conn);
    removeFrom(this.bySession, conn.jti, conn);
    removeFrom(this.byUser, conn.userId, conn);
    conn.dispose();
    return !this.byUser.has(conn.userId);
  }

  watch(conn: BrowserConnection, mac: string): void {
    this.unwatch(conn);
    conn.watchedScale = mac;
    addTo(this.byScale, mac, conn);
  }

  unwatch(conn: BrowserConnection): void {
    if (conn.watchedScale) removeFrom(this.byScale, conn.watchedScale, conn);
    conn.watchedScale = null;
  }

  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  socketsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  connectedUserIds(): number[] {
    return [...this.byUser.keys()];
  }

  all(): BrowserConnection[] {
    return [...this.bySession.values()].flatMap((set) => [...set]);
  }

  sendToUsers(userIds: Iterable<number>, message: ServerToBrowser): void {
    for (const userId of new Set(userIds)) {
      for (const conn of this.byUser.get(userId) ?? []) conn.send(message);
    }
  }

  connectionsOf(userId: number): Iterable<BrowserConnection> {
    return this.byUser.get(userId) ?? [];
  }

  /** Whether any socket here watches any scale. */
  get watchesAnyScale(): boolean {
    return this.byScale.size > 0;
  }

  watchersOf(mac: string): Iterable<BrowserConnection> {
    return this.byScale.get(mac) ?? [];
  }

  closeSession(jti: string, code: number, reason: string): void {
    for (const conn of [...(this.bySession.get(jti) ?? [])]) conn.close(code, reason);
  }

  closeAll(code: number, reason: string): void {
    for (const conn of this.all()) conn.close(code, reason);
  }

  get size(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }
}

function addTo<K>(map: Map<K, Set<BrowserConnection>>, key: K, conn: BrowserConnection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function removeFrom<K>(map: Map<K, Set<BrowserConnection>>, key: K, conn: BrowserConnection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}
