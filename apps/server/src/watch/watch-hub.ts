import type { BrowserConnection } from '../realtime/browser-connection';

interface Watched {
  scale: string | null;
  sockets: Map<BrowserConnection, string>;
}

/**
 * This instance's watch sockets by game (and by the game's scale, for live weight). The cap is
 * per instance, like the login limits: behind N instances a game may have N times as many.
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
  ) {}

  /** False when the game, or the address, already has its share of watchers here. */
  add(
    gameId: number,
    scale: string | null,
    token: string,
    conn: BrowserConnection,
    address = '',
  ): boolean {
    let watched = this.games.get(gameId);
    if (watched && watched.sockets.size >= this.maxPerGame) return false;
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= this.maxPerAddress) return false;
    if (!watched) this.games.set(gameId, (watched = { scale, sockets: new Map() }));
    watched.sockets.set(conn, token);
    this.gameOf.set(conn, gameId);
    this.perAddress.set(address, fromAddress + 1);
    this.addressOf.set(conn, address);
    return true;
  }

  remove(conn: BrowserConnection): void {
    const gameId = this.gameOf.get(conn);
    conn.dispose();
    if (gameId === undefined) return;
    this.gameOf.delete(conn);
    const address = this.addressOf.get(conn) ?? '';
    this.addressOf.delete(conn);
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else this.perAddress.delete(address);
    const watched = this.games.get(gameId);
    watched?.sockets.delete(conn);
    if (watched?.sockets.size === 0) this.games.delete(gameId);
  }

  /**
   * A link followed its leader to the next game (watch-follow.ts): the socket now watches that
   * game and its scale. The per-game cap is not asked again: these watchers were admitted.
   */
  move(conn: BrowserConnection, toGameId: number, scale: string | null): void {
    const from = this.gameOf.get(conn);
    if (from === undefined || from === toGameId) return;
    const old = this.games.get(from);
    const token = old?.sockets.get(conn) ?? '';
    old?.sockets.delete(conn);
    if (old?.sockets.size === 0) this.games.delete(from);
    let watched = this.games.get(toGameId);
    if (!watched) this.games.set(toGameId, (watched = { scale, sockets: new Map() }));
    watched.scale = scale;
    watched.sockets.set(conn, token);
    this.gameOf.set(conn, toGameId);
  }

  /** Each socket here with the game it watches and the token it came with. */
  sockets(): { conn: BrowserConnection; gameId: number; token: string }[] {
    return [...this.games].flatMap(([gameId, watched]) =>
      [...watched.sockets].map(([conn, token]) => ({ conn, gameId, token })),
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

  watchersOf(gameId: number): Iterable<BrowserConnection> {
    return this.games.get(gameId)?.sockets.keys() ?? [];
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

  /** The distinct tokens in use, for the expiry sweep. */
  tokens(): Set<string> {
    return new Set([...this.games.values()].flatMap((watched) => [...watched.sockets.values()]));
  }

  closeToken(token: string, code: number, reason: string): void {
    for (const watched of this.games.values()) {
      for (const [conn, held] of [...watched.sockets]) if (held === token) conn.close(code, reason);
    }
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
