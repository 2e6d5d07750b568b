import { expect } from 'vitest';
import type { HttpCall } from './http-client';

/** How many readings the game has recorded so far (every player's `sources`). */
export async function readingCount(call: HttpCall, token: string, gameId: number) {
  const state = (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;
  return (state.players as { sources: string[] }[]).reduce((n, p) => n + p.sources.length, 0);
}

/**
 * Puts `grams` on a scale that we drive sample by sample (a raw device's WEIGHT or a bridge's
 * BRIDGE_WEIGHT): the platform reads empty first, then the weight streams until the game has
 * counted one more reading (a placement needs 1 s of steady readings), then the platform empties.
 */
export async function weighReading(
  call: HttpCall,
  token: string,
  gameId: number,
  sample: (grams: number) => void,
  grams: number,
): Promise<void> {
  const before = await readingCount(call, token, gameId);
  sample(0);
  await expect
    .poll(
      async () => {
        sample(grams);
        return readingCount(call, token, gameId);
      },
      { timeout: 15_000, interval: 100, message: `the scale never weighed ${grams} g` },
    )
    .toBeGreaterThan(before);
  sample(0);
}

/** The game's current target (grams) as its leader sees it. */
export async function targetOf(call: HttpCall, token: string, gameId: number): Promise<number> {
  const state = (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;
  return state.target as number;
}
