import { randomBytes } from 'node:crypto';
import { linkStillOpens, watcherView } from './watch-scope';
import type { GameState } from '@beerscale/contract/game-state';
import {
  WATCH_ERRORS,
  WATCH_GRACE_MS,
  WATCH_TOKEN_BYTES,
  watchPagePath,
  watchTokenSchema,
  type WatchLinkReply,
} from '@beerscale/contract/watch';
import type { AuthContext } from '../auth/auth.service';
import { notFound } from '../http/http-error';
import { enforce, mayLead, mayShareWatchLink } from '../game/game-policy';
import type { EventBus } from '../realtime/event-bus';
import type { WatchLinksRepository } from './watch-links.repository';

/**
 * Watch links: the leader of a set-up or running game shares one (game-policy.ts
 * mayShareWatchLink), and whoever holds it reads that game's snapshot and nothing else, until a
 * day after the game ended or until the leader renews it (watch-scope.ts).
 */
export class WatchService {
  constructor(
    private readonly repo: WatchLinksRepository,
    private readonly snapshot: (gameId: number) => Promise<GameState | null>,
    private readonly bus: EventBus,
    private readonly now: () => number = Date.now,
  ) {}

  /** The game's link, made on first ask. */
  async link(gameId: number, me: AuthContext): Promise<WatchLinkReply> {
    await this.requireLeader(gameId, me);
    const token = await this.repo.createIfMissing(gameId, newToken(), new Date(this.now()));
    return { token, path: watchPagePath(token) };
  }

  /**
   * The game's watch page for the join page's latecomers (seats.service.ts): the same link as
   * the leader's, made on first ask. Whoever holds the game's join code may take a free seat,
   * so the seats feature decides who may ask (game-policy.ts joinOffersWatching).
   */
  async pathForJoin(gameId: number): Promise<string> {
    const token = await this.repo.createIfMissing(gameId, newToken(), new Date(this.now()));
    return watchPagePath(token);
  }

  /** A new link; the old one opens nothing from now on and its watchers are sent away. */
  async renew(gameId: number, me: AuthContext): Promise<WatchLinkReply> {
    await this.requireLeader(gameId, me);
    const token = newToken();
    await this.repo.replace(gameId, token, new Date(this.now()));
    this.bus.publish('watch.revoked', { gameId });
    return { token, path: watchPagePath(token) };
  }

  /** The game a token opens now, or null for a malformed, unknown, replaced or expired one. */
  async gameOf(token: string): Promise<number | null> {
    if (!watchTokenSchema.safeParse(token).success) return null;
    const row = await this.repo.findByToken(token);
    if (!row || !linkStillOpens(row, this.now())) return null;
    return row.gameId;
  }

  /** What a token shows now, or null when it opens nothing. */
  async open(token: string): Promise<GameState | null> {
    const gameId = await this.gameOf(token);
    return gameId === null ? null : this.snapshot(gameId);
  }

  async state(token: string): Promise<GameState> {
    const state = await this.open(token);
    if (!state) throw notFound(WATCH_ERRORS.invalidLink);
    return watcherView(state);
  }

  /**
   * The leader ends the evening: the game's link stops following their next games and stays on
   * this one (for its day after the end). Any state of the game: the results are its usual place.
   */
  async endEvening(gameId: number, me: AuthContext): Promise<void> {
    const game = await this.repo.gameFor(gameId, me.user.id);
    enforce(mayLead(game, me.user.id, game?.seenByCaller === true));
    await this.repo.stopFollowing(gameId);
  }

  /**
   * A game was just created: the creator's newest link that still follows, on an ended game
   * still within its day, moves to it (watch-follow.ts moves the sockets). Returns whether this
   * call moved one.
   */
  async follow(creatorId: number, gameId: number): Promise<boolean> {
    const since = new Date(this.now() - WATCH_GRACE_MS);
    return (await this.repo.followNext(creatorId, gameId, since)) !== null;
  }

  /** The game each token opens now (tokens that open nothing are left out). */
  async gamesOf(tokens: string[]): Promise<Map<string, number>> {
    const rows = await this.repo.gamesOfTokens(tokens);
    return new Map(rows.map((row) => [row.token, row.game_id]));
  }

  private async requireLeader(gameId: number, me: AuthContext): Promise<void> {
    const game = await this.repo.gameFor(gameId, me.user.id);
    enforce(mayShareWatchLink(game, me.user.id, game?.seenByCaller === true));
  }
}

function newToken(): string {
  return randomBytes(WATCH_TOKEN_BYTES).toString('base64url');
}
