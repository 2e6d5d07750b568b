import { expect } from 'vitest';
import type { ScaleClient } from '@beerscale/scale-sim/scale-client';
import type { DatabaseHandle } from '../../src/db/database';
import type { HttpCall } from './http-client';
import { adminToken, startPairedScale } from './pairing';

/** A simulated scale on the table: paired, connected, streaming its platform. */
export interface TableScale {
  mac: string;
  client: ScaleClient;
}

/**
 * Puts `grams` on the platform (0 empties it), read steady at once: the simulator's spring (most
 * of a second of ringing) is started far enough in the past to have settled, so a game counts
 * the reading after the tests' short stability window. Ringing stays under test where it
 * matters: scale-out-play (the real 1 s window), fast-game-play's virtual players and the
 * engine's placement tests.
 */
export function putOnScale(scale: TableScale, grams: number): void {
  scale.client.platform.set(grams, Date.now() - SPRING_SETTLED_MS);
}
// The simulator's Platform treats a change older than 3 s as settled.
const SPRING_SETTLED_MS = 3_001;

/**
 * Scales for ranked games, which start only on a paired scale that is connected: each is paired
 * through an administrator (made once per server) and stays connected until `stopAll`.
 */
export class TableScales {
  private token: Promise<string> | null = null;
  private readonly clients: ScaleClient[] = [];

  constructor(
    private readonly call: HttpCall,
    // Functions for a server that starts after the scales are made (describeEachDialect).
    private readonly wsUrl: string | (() => string),
    private readonly database: DatabaseHandle | string | (() => DatabaseHandle),
  ) {}

  async connect(mac: string): Promise<TableScale> {
    const { wsUrl, database } = this;
    this.token ??= adminToken(this.call, typeof database === 'function' ? database() : database);
    const client = await startPairedScale(this.call, await this.token, {
      server: typeof wsUrl === 'function' ? wsUrl() : wsUrl,
      mac,
      keyFile: null,
      reconnect: false,
    });
    this.clients.push(client);
    return { mac, client };
  }

  stopAll(): void {
    this.clients.splice(0).forEach((client) => client.stop());
  }
}

/**
 * The first player's full container stands on the scale until the game counts it: a game with
 * one weighed reading is rated even if the leader types every other one.
 */
export async function weighFirstContainer(
  call: HttpCall,
  leaderToken: string,
  gameId: number,
  scale: TableScale,
  grams = 560,
): Promise<void> {
  putOnScale(scale, grams);
  await expect
    .poll(
      async () =>
        (await call('GET', `/api/games/${gameId}/state`, { token: leaderToken })).body.game
          ?.players[0]?.startWeight,
      { timeout: 15_000, interval: 50, message: `the scale never weighed ${grams} g` },
    )
    .not.toBeNull();
  putOnScale(scale, 0);
}

/**
 * A reading the scale weighs: the platform is emptied (and read empty, so the next container
 * counts as a placement), the container put down, and the game has counted one more reading.
 */
export async function weighOnScale(
  call: HttpCall,
  leaderToken: string,
  gameId: number,
  scale: TableScale,
  grams: number,
): Promise<void> {
  const count = async () => {
    const state = (await call('GET', `/api/games/${gameId}/state`, { token: leaderToken })).body
      .game;
    return (state.players as { sources: string[] }[]).reduce((n, p) => n + p.sources.length, 0);
  };
  const before = await count();
  putOnScale(scale, 0);
  await expect
    .poll(() => scale.client.lastSentGrams ?? 0, { timeout: 5_000, interval: 50 })
    .toBeLessThan(10);
  putOnScale(scale, grams);
  await expect
    .poll(count, { timeout: 15_000, interval: 50, message: `the scale never weighed ${grams} g` })
    .toBeGreaterThan(before);
  putOnScale(scale, 0);
}
