import { SEAT_SOCKETS_PER_SEAT } from '@beerscale/contract/watch';
import type { BrowserConnection } from '../realtime/browser-connection';

/** What opened a watch socket: a watch link's token, or a seat (its player) of the game. */
export type WatchKey = { link: string } | { seat: number };

interface Watched {
  scale: string | null;
  sockets: Map<BrowserConnection, WatchKey>;
}

const linkOf = (key: WatchKey | undefined): string | null =>
  key && 'link' in key ? key.link : null;

/**
 * This instance's watch sockets by game (and by the game's scale, for live weight): a watch
 * link's, and a seat's phone's (docs/ARCHITECTURE.md, Seats), which hear the same. The caps are
 * the links' and per instance, like the login limits: behind N instances a game may have N times
 * as many. A seat's sockets count in neither: one seat holds a few at most, the oldest giving
 * way (a reload's new socket before the old one is noticed gone).
 */
export class WatchHub {
  private readonly games = new Map<number, Watched>();
  private readonly gameOf = new Map<BrowserConnection, number>();
  /** Watch sockets per client address, and each socket's address. */
  private readonly perAddress = new Map<string, number>();
  private readonly addressOf = new Map<BrowserConnection, string>();

  constructor(
    private readonly maxPerGame: number,
    private readonly maxPerAddress = Infinity,
    private readonly maxPerSeat = SEAT_SOCKETS_PER_SEAT,
  ) {}

  /** A watch link's socket; false when the game, or the address, already has its share here. */
  add(
    gameId: number,
    scale: string | null,
    token: string,
    conn: BrowserConnection,
    address = '',
  ): boolean {
    const links = [...(this.games.get(gameId)?.sockets.values() ?? [])].filter(linkOf).length;
    if (links >= this.maxPerGame) return false;
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= this.maxPerAddress) return false;
    this.place(gameId, scale, conn, { link: token });
    this.perAddress.set(address, fromAddress + 1);
    this.addressOf.set(conn, address);
    return true;
  }

  /** A seat's socket; a seat with its share of sockets here gives up its oldest. */
  addSeat(gameId: number, scale: string | null, playerId: number, conn: BrowserConnection) {
    const held = this.seatSocketsOf(gameId, playerId);
    for (const old of held.slice(0, Math.max(0, held.length - this.maxPerSeat + 1))) {
      old.close(1000, 'A newer connection of this seat took over');
      this.remove(old);
    }
    this.place(gameId, scale, conn, { seat: playerId });
  }

  private place(gameId: number, scale: string | null, conn: BrowserConnection, key: WatchKey) {
    let watched = this.games.get(gameId);
    if (!watched) this.games.set(gameId, (watched = { scale, sockets: new Map() }));
    watched.sockets.set(conn, key);
    this.gameOf.set(conn, gameId);
  }

  remove(conn: BrowserConnection): void {
    const gameId = this.gameOf.get(conn);
    conn.dispose();
    if (gameId === undefined) return;
    this.gameOf.delete(conn);
    const address = this.addressOf.get(conn);
    if (address !== undefined) {
      this.addressOf.delete(conn);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    }
    const watched = this.games.get(gameId);
    watched?.sockets.delete(conn);
    if (watched?.sockets.size === 0) this.games.delete(gameId);
  }

  /**
   * A link followed its leader to the next game (watch-follow.ts): the socket now watches that
   * game and its scale. The per-game cap is not asked again: these watchers were admitted.
   * A seat belongs to its game and never moves.
   */
  move(conn: BrowserConnection, toGameId: number, scale: string | null): void {
    const from = this.gameOf.get(conn);
    if (from === undefined || from === toGameId) return;
    const old = this.games.get(from);
    const token = linkOf(old?.sockets.get(conn));
    if (token === null) return;
    old?.sockets.delete(conn);
    if (old?.sockets.size === 0) this.games.delete(from);
    let watched = this.games.get(toGameId);
    if (!watched) this.games.set(toGameId, (watched = { scale, sockets: new Map() }));
    watched.scale = scale;
    watched.sockets.set(conn, { link: token });
    this.gameOf.set(conn, toGameId);
  }

  /** Each watch link's socket here with the game it watches and the token it came with. */
  sockets(): { conn: BrowserConnection; gameId: number; token: string }[] {
    return [...this.games].flatMap(([gameId, watched]) =>
      [...watched.sockets].flatMap(([conn, key]) => {
        const token = linkOf(key);
        return token === null ? [] : [{ conn, gameId, token }];
      }),
    );
  }

  /**
   * A game's scale may change while it is set up (a ranked line-up set up again); null once the
   * game ended, so its link relays no weight of the scale's next game.
   */
  setScale(gameId: number, scale: string | null): void {
    const watched = this.games.get(gameId);
    if (watched) watched.scale = scale;
  }

  /** Every socket following the game, links' and seats'. */
  watchersOf(gameId: number): Iterable<BrowserConnection> {
    return this.games.get(gameId)?.sockets.keys() ?? [];
  }

  /** The sockets that came with the game's watch link (a renewed link sends these away). */
  linkWatchersOf(gameId: number): BrowserConnection[] {
    return [...(this.games.get(gameId)?.sockets ?? [])]
      .filter(([, key]) => linkOf(key) !== null)
      .map(([conn]) => conn);
  }

  /** One seat's sockets, oldest first. */
  seatSocketsOf(gameId: number, playerId: number): BrowserConnection[] {
    return [...(this.games.get(gameId)?.sockets ?? [])]
      .filter(([, key]) => 'seat' in key && key.seat === playerId)
      .map(([conn]) => conn);
  }

  /** Whether any socket here watches a game (samples skip the search when none does). */
  get watchesAnyGame(): boolean {
    return this.games.size > 0;
  }

  watchersOfScale(mac: string): BrowserConnection[] {
    return [...this.games.values()]
      .filter((watched) => watched.scale === mac)
      .flatMap((watched) => [...watched.sockets.keys()]);
  }

  /** The distinct link tokens in use, for the expiry sweep. */
  tokens(): Set<string> {
    return new Set(this.sockets().map(({ token }) => token));
  }

  closeToken(token: string, code: number, reason: string): void {
    for (const socket of this.sockets())
      if (socket.token === token) socket.conn.close(code, reason);
  }

  all(): BrowserConnection[] {
    return [...this.gameOf.keys()];
  }

  closeAll(code: number, reason: string): void {
    for (const conn of this.all()) conn.close(code, reason);
  }

  watchedGames(): number[] {
    return [...this.games.keys()];
  }
}
