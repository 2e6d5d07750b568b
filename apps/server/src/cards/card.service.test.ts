import { describe, expect, it } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import type { AuthContext } from '../auth/auth.service';
import { HttpError } from '../http/http-error';
import { CardService } from './card.service';
import { QueueRefusal } from './work-queue';

const game = (status: GameState['status'], round = 1) => ({ id: 4, status, round }) as GameState;
const me = {} as AuthContext;
const HERE = '192.0.2.1';

/** A renderer that answers the language and the round, and counts what it drew. */
function drawing(fail?: () => Error | null) {
  const drawn: string[] = [];
  const render = async (g: GameState, language: Language) => {
    const err = fail?.();
    if (err) throw err;
    drawn.push(`${language}:${g.round}`);
    return Buffer.from(`${language}:${g.round}`);
  };
  return { drawn, render };
}

describe('CardService', () => {
  it("draws a completed game's card once per language, and shares a first drawing", async () => {
    const { drawn, render } = drawing();
    const state = async () => game('completed');
    const cards = new CardService(state, state, render);
    const [a, b] = await Promise.all([
      cards.forGame(4, me, 'de', HERE),
      cards.forWatcher('t', 'de', HERE),
    ]);
    expect(a).toEqual({ png: Buffer.from('de:1'), final: true });
    expect(b.png).toBe(a.png);
    await cards.forGame(4, me, 'en', HERE);
    await cards.forGame(4, me, 'de', HERE);
    expect(drawn).toEqual(['de:1', 'en:1']);
  });

  it("reads a watched game's state once for the requests that arrive while it is read", async () => {
    const { render } = drawing();
    let reads = 0;
    const watched = async () => {
      reads += 1;
      await Promise.resolve();
      return game('active');
    };
    const cards = new CardService(async () => game('active'), watched, render);
    await Promise.all(Array.from({ length: 32 }, () => cards.forWatcher('t', 'en', HERE)));
    expect(reads).toBe(1);
    // Read afresh once the read is done: a later request sees a later state.
    await cards.forWatcher('t', 'en', HERE);
    expect(reads).toBe(2);
  });

  it('reads the state no more while the link’s card is being drawn', async () => {
    let reads = 0;
    let round = 1;
    const watched = async () => {
      reads += 1;
      return game('active', round);
    };
    let finish = () => {};
    const render = (g: GameState, language: Language) =>
      new Promise<Buffer>(
        (resolve) => (finish = () => resolve(Buffer.from(`${language}:${g.round}`))),
      );
    const cards = new CardService(async () => game('active'), watched, render);
    const first = cards.forWatcher('t', 'en', HERE);
    await new Promise((resolve) => setImmediate(resolve));
    // The requests of a burst arrive one after another while the first card is drawn.
    const later: Promise<unknown>[] = [];
    for (let i = 0; i < 31; i++) {
      later.push(cards.forWatcher('t', 'en', HERE));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reads).toBe(1);
    finish();
    const all = await Promise.all([first, ...later]);
    expect(all.every((c) => (c as { png: Buffer }).png.toString() === 'en:1')).toBe(true);
    // Drawn, the next request reads the state again and sees the game as it is now.
    round = 2;
    const next = cards.forWatcher('t', 'en', HERE);
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    expect((await next).png.toString()).toBe('en:2');
    expect(reads).toBe(2);
  });

  it("draws a running game's card once per state of the game", async () => {
    const { drawn, render } = drawing();
    let round = 1;
    const state = async () => game('active', round);
    const cards = new CardService(state, state, render);
    const burst = await Promise.all(
      Array.from({ length: 32 }, () => cards.forWatcher('t', 'en', HERE)),
    );
    expect(burst.every((card) => card.png.toString() === 'en:1' && !card.final)).toBe(true);
    round = 2;
    expect((await cards.forWatcher('t', 'en', HERE)).png.toString()).toBe('en:2');
    expect(drawn).toEqual(['en:1', 'en:2']);
  });

  it('does not keep a drawing that failed', async () => {
    let failures = 1;
    const { render } = drawing(() => (failures-- > 0 ? new Error('font') : null));
    const state = async () => game('completed');
    const cards = new CardService(state, state, render);
    await expect(cards.forGame(4, me, 'en', HERE)).rejects.toThrow('font');
    expect((await cards.forGame(4, me, 'en', HERE)).png.toString()).toBe('en:1');
  });

  it('refuses an address more drawings than its limit with 429 and Retry-After, not cards drawn already', async () => {
    const { drawn, render } = drawing();
    let round = 1;
    const state = async () => game('active', round);
    const cards = new CardService(state, state, render, { rendersPerAddressPerMinute: 2 });
    await cards.forWatcher('t', 'en', HERE);
    round = 2;
    await cards.forWatcher('t', 'en', HERE);
    round = 3;
    const refused = await cards.forWatcher('t', 'en', HERE).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    expect((refused as HttpError).retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not affected, and what is drawn is served to everyone.
    expect((await cards.forWatcher('t', 'en', '192.0.2.2')).png.toString()).toBe('en:3');
    expect((await cards.forWatcher('t', 'en', HERE)).png.toString()).toBe('en:3');
    round = 2;
    expect((await cards.forWatcher('t', 'en', HERE)).png.toString()).toBe('en:2');
    expect(drawn).toEqual(['en:1', 'en:2', 'en:3']);
  });

  it('answers 503 with Retry-After when the drawing queue refused the card', async () => {
    const { render } = drawing(() => new QueueRefusal('full', 3_000));
    const state = async () => game('active');
    const cards = new CardService(state, state, render);
    const refused = await cards.forWatcher('t', 'en', HERE).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).retryAfterSeconds).toBe(3);
  });
});
