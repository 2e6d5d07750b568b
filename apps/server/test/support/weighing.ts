import { expect } from 'vitest';
import type { HttpCall } from './http-client';

/** How many readings the game has recorded so far (every player's `sources`). */
export async function readingCount(call: HttpCall, token: string, gameId: number) {
  const state = (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;
  return (state.players as { sources: string[] }[]).reduce((n, p) => n + p.sources.length, 0);
}

/** How long a reading may stream uncounted before the empty platform is sent again. */
const REARM_AFTER_MS = 2000;

/**
 * Puts `grams` on a scale that we drive sample by sample (a raw device's WEIGHT or a bridge's
 * BRIDGE_WEIGHT): the platform reads empty first, then the weight streams until the game has
 * counted one more reading (a placement needs the engine's stability window of steady readings:
 * 150 ms in tests, 1 s for real), then the platform empties. A scale's samples beyond 12 a second
 * are dropped (docs/DEVICE-PROTOCOL.md "WEIGHT"): quick readings in a row can lose the empty one,
 * and then no placement counts, so the empty platform is sent again while nothing counts.
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
  let emptiedAt = Date.now();
  await expect
    .poll(
      async () => {
        if (Date.now() - emptiedAt >= REARM_AFTER_MS) {
          sample(0);
          emptiedAt = Date.now();
        }
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
