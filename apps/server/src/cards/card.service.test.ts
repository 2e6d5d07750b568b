import { describe, expect, it, vi } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
import type { AuthContext } from '../auth/auth.service';
import { CardService } from './card.service';

const game = (status: GameState['status']) => ({ id: 4, status }) as GameState;
const me = {} as AuthContext;

describe('CardService', () => {
  it("makes a completed game's card once per language, and shares a first rendering", async () => {
    const render = vi.fn(async (_game: GameState, language: string) => Buffer.from(language));
    const cards = new CardService(
      async () => game('completed'),
      async () => game('completed'),
      render,
    );
    const [a, b] = await Promise.all([cards.forGame(4, me, 'de'), cards.forWatcher('t', 'de')]);
    expect(a).toEqual({ png: Buffer.from('de'), final: true });
    expect(b.png).toBe(a.png);
    await cards.forGame(4, me, 'en');
    await cards.forGame(4, me, 'de');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("draws a running game's card afresh every time", async () => {
    const render = vi.fn(async () => Buffer.from('live'));
    const cards = new CardService(
      async () => game('active'),
      async () => game('active'),
      render,
    );
    expect((await cards.forGame(4, me, 'en')).final).toBe(false);
    await cards.forGame(4, me, 'en');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('does not keep a rendering that failed', async () => {
    const render = vi
      .fn<(g: GameState, l: string) => Promise<Buffer>>()
      .mockRejectedValueOnce(new Error('font'))
      .mockResolvedValue(Buffer.from('ok'));
    const cards = new CardService(
      async () => game('completed'),
      async () => game('completed'),
      render,
    );
    await expect(cards.forGame(4, me, 'en')).rejects.toThrow('font');
    expect((await cards.forGame(4, me, 'en')).png.toString()).toBe('ok');
  });
});
