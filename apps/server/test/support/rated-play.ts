import { afterAll, expect } from 'vitest';
import type { Config } from '../../src/config';
import { bridgedScaleMac } from '../../src/devices/bridge-address';
import type { Account } from './accounts';
import type { RawDevice } from './device-socket';
import type { ServerContext } from './each-dialect';
import { pairRawDevice } from './pairing';
import { openSocket, type TestSocket } from './socket-client';
import { targetOf, weighReading } from './weighing';
import { macMaker } from './next-mac';

/**
 * The rating rules do not depend on how long a container stands still: a placement counts after
 * two steady samples (50 ms) instead of the tests' usual 150 ms, which ten games in a row feel.
 */
export const QUICK_PLACEMENTS: Partial<Config> = { engineTimings: { stableForMs: 50 } };

let macSeq = 0;
const nextMac = macMaker('CE');

/**
 * What the rating-rule suites play ranked games with, on a suite's server: scales of both
 * provenances driven sample by sample, a game played reading by reading, and the rating history
 * as stored. Sockets and devices it opened close after the suite.
 */
export function ratedPlay({ server, call, adminToken }: ServerContext) {
  const sockets: TestSocket[] = [];
  const devices: RawDevice[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    devices.forEach((d) => d.ws.close());
  });

  const state = async (token: string, gameId: number) =>
    (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;
  const type = (token: string, gameId: number, grams: number) =>
    call('POST', `/api/games/${gameId}/measurements`, { token, body: { grams } });

  /** A WiFi scale paired by code (an administrator confirms), driven sample by sample. */
  async function wifiScale() {
    const mac = nextMac();
    const { device } = await pairRawDevice(server.wsUrl, call, await adminToken(), mac);
    devices.push(device);
    return {
      mac,
      sample: (grams: number) => device.send({ type: 'WEIGHT', grams, stable: true }),
    };
  }

  /** A Bluetooth scale as a script bridges it: BRIDGE_OPEN and BRIDGE_WEIGHT over /ws. */
  async function scriptedBridge(owner: Account) {
    const deviceId = `script-${process.pid}-${++macSeq}==`;
    const socket = await openSocket(`${server.wsUrl}/ws?token=${owner.token}`);
    sockets.push(socket);
    socket.send({ type: 'BRIDGE_OPEN', deviceId, name: 'Made-up scale', driver: 'chipsea' });
    await socket.next('BRIDGE_STATUS');
    return {
      mac: bridgedScaleMac(owner.id, deviceId),
      sample: (grams: number) => socket.send({ type: 'BRIDGE_WEIGHT', grams, stable: true }),
    };
  }

  /**
   * Plays a started game: full containers, then each round's readings at target + offset in
   * turn order; readings whose index is in `typed` the leader types, the rest the scale weighs.
   */
  async function play(
    leader: Account,
    gameId: number,
    scale: { sample: (grams: number) => void },
    players: number,
    rounds: number,
    typed: number[] = [],
  ) {
    let index = 0;
    const reading = async (grams: number) => {
      if (typed.includes(index)) expect((await type(leader.token, gameId, grams)).status).toBe(200);
      else await weighReading(call, leader.token, gameId, scale.sample, grams);
      index += 1;
    };
    for (let p = 0; p < players; p += 1) await reading(560);
    for (let r = 0; r < rounds; r += 1) {
      for (let p = 0; p < players; p += 1) {
        await reading((await targetOf(call, leader.token, gameId)) + p * 3);
      }
    }
    return state(leader.token, gameId);
  }

  const history = (userId: number) =>
    server.instance.database.db
      .selectFrom('elo_history')
      .select(['game_id', 'elo_before', 'elo_after'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  return { state, type, wifiScale, scriptedBridge, play, history };
}

/** A player name no other suite's account has (names are unique per server). */
export const uniquePlayerName = (prefix: string) => `${prefix}${++macSeq}`;
