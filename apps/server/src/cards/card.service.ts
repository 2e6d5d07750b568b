import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { ERRORS } from '@beerscale/contract/messages';
import type { GameState } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import type { AuthContext } from '../auth/auth.service';
import { HttpError, tooManyRequests } from '../http/http-error';
import { sharedCardRenderer } from './card-renderer';
import type { TableCard } from './table-card';
import { QueueRefusal } from './work-queue';

export interface Card {
  png: Buffer;
  /** A completed game's card never changes: it may be cached by the client too. */
  final: boolean;
}

export interface CardLimits {
  /** Cards one address may have drawn a minute; cards already drawn are not counted. */
  rendersPerAddressPerMinute: number;
}

/**
 * 30 drawings a minute from one address: a table sharing its results (a few languages, a few
 * standings) stays far below, a script asking for card after card of changing games does not.
 */
export const CARD_LIMITS: CardLimits = { rendersPerAddressPerMinute: 30 };

/** Cards kept, by their bytes (some 40 to 90 KB each). */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Result cards, kept per game state and language: a card is drawn once for each state of a
 * game (the standings of the moment; a completed game's state never changes again), however
 * many ask for it, and concurrent first requests share one drawing. The state is known by its
 * content's hash, so whatever changes in it (a reading, a rename) draws a new card. Drawing
 * happens in worker threads behind a short queue (card-renderer.ts): when the queue is full the
 * request is refused with 503 and Retry-After. Each address may have 30 cards drawn a minute
 * (429 with Retry-After beyond); cards already drawn cost nothing and are not counted, so a
 * chat service fetching one link's preview for many people is never refused.
 */
export class CardService {
  private readonly made = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (png) => png.length,
  });
  private readonly making = new Map<string, Promise<Buffer>>();
  /** Watch links whose game state is being read, for the requests that arrive meanwhile. */
  private readonly watching = new Map<string, Promise<GameState>>();
  /** Watch links whose card is being drawn, with the state it is drawn from. */
  private readonly drawingFrom = new Map<string, GameState>();
  /**
   * Drawings per address in the current minute. Counted synchronously: a burst of requests for
   * one new card must see the first one's drawing under way, not all pass an asynchronous check
   * first and each count (rate-limiter-flexible answers with a promise).
   */
  private readonly drawings = new LRUCache<string, { count: number; until: number }>({
    max: 10_000,
  });
  private readonly rendersPerMinute: number;

  constructor(
    private readonly gameState: (gameId: number, me: AuthContext) => Promise<GameState>,
    private readonly watchedState: (token: string) => Promise<GameState>,
    private readonly render: (game: GameState, language: Language) => Promise<Buffer> = (
      game,
      language,
    ) => sharedCardRenderer().render(game, language),
    limits: CardLimits = CARD_LIMITS,
    private readonly renderTable: (card: TableCard) => Promise<Buffer> = (card) =>
      sharedCardRenderer().renderTable(card),
  ) {
    this.rendersPerMinute = limits.rendersPerAddressPerMinute;
  }

  async forGame(gameId: number, me: AuthContext, language: Language, address: string) {
    return this.card(await this.gameState(gameId, me), language, address);
  }

  async forWatcher(token: string, language: Language, address: string): Promise<Card> {
    // A request that arrives while the link's card is being drawn gets that card, of a state
    // at most one drawing old: reading the state is most of a request's cost, on the event
    // loop (SQLite answers synchronously), and a burst of 32 requests arriving over the
    // drawing's 60 ms each read it again, keeping /api/health waiting (issue #42).
    const drawing = this.drawingFrom.get(token);
    if (drawing) return this.card(drawing, language, address);
    // Concurrent requests for one link share one read of its game's state.
    let state = this.watching.get(token);
    if (!state) {
      state = this.watchedState(token).finally(() => this.watching.delete(token));
      this.watching.set(token, state);
    }
    const game = await state;
    const card = this.card(game, language, address);
    if (!this.drawingFrom.has(token)) {
      this.drawingFrom.set(token, game);
      const done = () => {
        if (this.drawingFrom.get(token) === game) this.drawingFrom.delete(token);
      };
      card.then(done, done);
    }
    return card;
  }

  /**
   * A table card (a group's season, a tournament's standings), kept and limited like a result
   * card: drawn once per content, counted against the address when drawn.
   */
  forTable(card: TableCard, address: string): Promise<Buffer> {
    const key = `table:${createHash('sha256').update(JSON.stringify(card)).digest('base64url')}`;
    return this.drawn(key, () => this.renderTable(card), address);
  }

  private async card(game: GameState, language: Language, address: string): Promise<Card> {
    const final = game.status === 'completed';
    const key = `${language}:${createHash('sha256').update(JSON.stringify(game)).digest('base64url')}`;
    return { png: await this.drawn(key, () => this.render(game, language), address), final };
  }

  /** The card kept under `key`, or drawn once for every request that asks meanwhile. */
  private async drawn(key: string, draw: () => Promise<Buffer>, address: string): Promise<Buffer> {
    const kept = this.made.get(key);
    if (kept) return kept;
    let making = this.making.get(key);
    if (!making) {
      this.admit(address);
      // Kept before it stops being `making`, so no request in between draws it again; a
      // failed drawing is not kept and the next request tries again.
      making = draw()
        .then((png) => {
          this.made.set(key, png);
          return png;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    try {
      return await making;
    } catch (err) {
      if (err instanceof QueueRefusal) throw busy(err.retryAfterMs);
      throw err;
    }
  }

  /** Counts a drawing for `address`, or refuses it with 429 beyond the minute's limit. */
  private admit(address: string, now = Date.now()): void {
    let minute = this.drawings.get(address);
    if (!minute || minute.until <= now) {
      minute = { count: 0, until: now + 60_000 };
      this.drawings.set(address, minute);
    }
    if (minute.count >= this.rendersPerMinute) {
      throw tooManyRequests(ERRORS.tooManyRequests, minute.until - now);
    }
    minute.count += 1;
  }
}

/** 503 with Retry-After: the card queue is full, the server is not broken. */
function busy(retryAfterMs: number): HttpError {
  const err = new HttpError(503, ERRORS.unavailable);
  err.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return err;
}
