import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { GameState } from '@beerscale/contract/game-state';
import { WatchHub } from '../watch/watch-hub';
import { WATCH_SCOPE, type WatchScope } from '../watch/watch-scope';
import { BrowserConnection } from './browser-connection';
import { BrowserHub } from './browser-hub';
import { LocalEventBus } from './event-bus';
import { EventRouter } from './event-router';

// Every delivery to a watch link goes through the watch-scope table (issue 42): the router is
// given a table, and a watcher hears exactly what that table lets through, weights, the scale's
// connection and being sent away included. Real bus, hubs and loopback sockets.

const MAC = 'AABBCCDDEE01';
const GAME = 11;
const PLAYER = 1;

let server: WebSocketServer;
const heard = new Map<string, { type: string }[]>();
const connections = new Map<string, BrowserConnection>();

async function connect(name: string, userId: number): Promise<BrowserConnection> {
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [socket] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  const messages: { type: string }[] = [];
  heard.set(name, messages);
  client.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const conn = new BrowserConnection(socket, userId, `jti-${name}`, Date.now());
  connections.set(name, conn);
  return conn;
}

const running = {
  id: GAME,
  name: 'Friday',
  status: 'active',
  scaleAddress: MAC,
  players: [],
} as unknown as GameState;

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
});
afterAll(() => server.close());

/** A router over its own hubs with `scope`; the facts of one game on one scale; what each heard. */
async function deliver(scope: WatchScope): Promise<{ link: string[]; player: string[] }> {
  const bus = new LocalEventBus((err) => {
    throw err;
  });
  const hub = new BrowserHub();
  const watchers = new WatchHub(10);
  const player = await connect(`player-${heard.size}`, PLAYER);
  hub.add(player);
  hub.watch(player, MAC);
  const linkName = `link-${heard.size}`;
  const link = await connect(linkName, 0);
  watchers.add(GAME, MAC, 'token', link);
  const stop = new EventRouter(
    bus,
    hub,
    watchers,
    {
      loadGame: async (id) => (id === GAME ? { state: running, userIds: [PLAYER] } : null),
      leaderOnScale: async () => PLAYER,
      onError: (err) => {
        throw err;
      },
    },
    scope,
  ).start();
  const playerName = [...connections].find(([, c]) => c === player)![0];
  bus.publish('scale.status', { mac: MAC, connected: true });
  bus.publish('scale.sample', { mac: MAC, grams: 512, stable: true, ts: 1 });
  bus.publish('game.stepped', { gameId: GAME, mac: MAC, displays: [] });
  // The snapshot is read before it is sent: once the player has it, so would the watcher.
  await expect.poll(() => heard.get(playerName)!.some((m) => m.type === 'GAME_STATE')).toBe(true);
  bus.publish('watch.revoked', { gameId: GAME });
  // Long enough for a snapshot that fact may read (the loader answers at once).
  await new Promise((resolve) => setTimeout(resolve, 50));
  // A barrier only this test sends: what the link heard before it is all the facts gave it.
  if (link.isOpen) link.send({ type: 'PING' });
  await expect
    .poll(() => heard.get(linkName)!.some((m) => m.type === 'PING' || m.type === 'ERROR'))
    .toBe(true);
  stop();
  hub.closeAll(1001, 'done');
  watchers.closeAll(1001, 'done');
  return {
    link: heard
      .get(linkName)!
      .map((m) => m.type)
      .filter((t) => t !== 'PING'),
    player: heard.get(playerName)!.map((m) => m.type),
  };
}

describe('watch links hear only what the watch-scope table says', () => {
  it("with the table's own scope: the connection, the weight, the snapshot, then sent away", async () => {
    const got = await deliver(WATCH_SCOPE);
    expect(got.link).toEqual(['SCALE_STATUS', 'SCALE_DATA', 'GAME_STATE', 'ERROR']);
    expect(got.player).toEqual(['SCALE_STATUS', 'SCALE_DATA', 'GAME_STATE']);
  });

  it('a table that holds everything back: the link hears nothing, the players all of it', async () => {
    const silent = Object.fromEntries(
      Object.keys(WATCH_SCOPE).map((type) => [type, 'held-back']),
    ) as unknown as WatchScope;
    const got = await deliver(silent);
    expect(got.link).toEqual([]);
    expect(got.player).toEqual(['SCALE_STATUS', 'SCALE_DATA', 'GAME_STATE']);
  });

  it('a fact outside the game changes that the table lets through sends watchers the snapshot', async () => {
    const scope = { ...WATCH_SCOPE, 'watch.revoked': 'game-state' } as WatchScope;
    const got = await deliver(scope);
    expect(got.link).toEqual(['SCALE_STATUS', 'SCALE_DATA', 'GAME_STATE', 'GAME_STATE']);
  });
});
