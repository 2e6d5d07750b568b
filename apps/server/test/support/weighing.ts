import { expect } from 'vitest';
import { DEVICE_MAX_WEIGHT_HZ } from '@beerscale/contract/device-socket';
import type { HttpCall } from './http-client';

/** How many readings the game has recorded so far (every player's `sources`). */
export async function readingCount(call: HttpCall, token: string, gameId: number) {
  const state = (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;
  return (state.players as { sources: string[] }[]).reduce((n, p) => n + p.sources.length, 0);
}

/** How long a reading may stream uncounted before the empty platform is sent again. */
const REARM_AFTER_MS = 2000;

/**
 * The least time between two samples of one scale: the server counts DEVICE_MAX_WEIGHT_HZ (12)
 * a second (and a short backlog), so a scale sending a little slower (every 91 ms) never loses one.
 */
const SAMPLE_EVERY_MS = Math.ceil(1000 / (DEVICE_MAX_WEIGHT_HZ - 1));
const lastSample = new WeakMap<(grams: number) => void, { grams: number; at: number }>();

/** Sends one sample through `sample`, no sooner than SAMPLE_EVERY_MS after its previous one. */
async function paced(sample: (grams: number) => void, grams: number): Promise<void> {
  const wait = (lastSample.get(sample)?.at ?? 0) + SAMPLE_EVERY_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  sample(grams);
  lastSample.set(sample, { grams, at: Date.now() });
}

/**
 * Puts `grams` on a scale that we drive sample by sample (a raw device's WEIGHT or a bridge's
 * BRIDGE_WEIGHT): the platform reads empty first, then the weight streams until the game has
 * counted one more reading (a placement needs the engine's stability window of steady readings:
 * 150 ms in tests, 1 s for real), then the platform empties. Samples go at the pace a scale may
 * send them (docs/DEVICE-PROTOCOL.md "WEIGHT": a flood beyond 12 a second is dropped); should one
 * still be lost and nothing count, the empty platform is sent again.
 */
export async function weighReading(
  call: HttpCall,
  token: string,
  gameId: number,
  sample: (grams: number) => void,
  grams: number,
): Promise<void> {
  const before = await readingCount(call, token, gameId);
  // The previous reading ended on the empty platform, which is what arms the next one.
  if (lastSample.get(sample)?.grams !== 0) await paced(sample, 0);
  let emptiedAt = Date.now();
  await expect
    .poll(
      async () => {
        if (Date.now() - emptiedAt >= REARM_AFTER_MS) {
          await paced(sample, 0);
          emptiedAt = Date.now();
        }
        await paced(sample, grams);
        return readingCount(call, token, gameId);
      },
      { timeout: 15_000, interval: 1, message: `the scale never weighed ${grams} g` },
    )
    .toBeGreaterThan(before);
  await paced(sample, 0);
}

/** The game's current target (grams) as its leader sees it. */
export async function targetOf(call: HttpCall, token: string, gameId: number): Promise<number> {
  const state = (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;
  return state.target as number;
}
