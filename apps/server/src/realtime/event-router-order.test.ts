import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { GameState } from '@beerscale/contract/game-state';
import { WatchHub } from '../watch/watch-hub';
import { BrowserConnection } from './browser-connection';
import { BrowserHub } from './browser-hub';
import { LocalEventBus } from './event-bus';
import { EventRouter } from './event-router';

// Two changes of one game in quick succession: the snapshot read for the first may finish after
// the one read for the second. The sockets must end on the second (a /live left on the first
// showed a player on turn who had weighed long ago, until the next change).

const MAC = 'AABBCCDDEEFF';
const GAME = 9;
const LEADER = 1;
const STEPPED = { gameId: GAME, mac: MAC, displays: [] };

let server: WebSocketServer;
let bus: LocalEventBus;
let router: EventRouter;
let stop: () => void;
const hub = new BrowserHub();
const watchers = new WatchHub(10);
const errors: unknown[] = [];
const heard = new Map<string, { type: string; game?: { round: number } }[]>();
/** The reads in flight, resolved by the test in the order it chooses. */
const pending: ((round: number) => void)[] = [];

async function connect(name: string, userId: number): Promise<BrowserConnection> {
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [socket] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  const messages: { type: string }[] = [];
  heard.set(name, messages);
  client.on('message', (data) => messages.push(JSON.parse(data.toString())));
  return new BrowserConnection(socket, userId, `jti-${name}`, Date.now());
}

const state = (round: number) =>
  ({
    id: GAME,
    name: 'Friday',
    status: 'running',
    round,
    scaleAddress: MAC,
    players: [],
  }) as unknown as GameState;

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  bus = new LocalEventBus((err) => errors.push(err));
  hub.add(await connect('leader', LEADER));
  watchers.add(GAME, MAC, 'token', await connect('link', 0));
  router = new EventRouter(bus, hub, watchers, {
    loadGame: () =>
      new Promise((resolve) =>
        pending.push((round) => resolve({ state: state(round), userIds: [LEADER] })),
      ),
    leaderOnScale: async () => LEADER,
    onError: (err) => errors.push(err),
  });
  stop = router.start();
});
afterAll(() => {
  stop();
  hub.closeAll(1001, 'done');
  watchers.closeAll(1001, 'done');
  server.close();
});

const rounds = (name: string) =>
  heard
    .get(name)!
    .filter((m) => m.type === 'GAME_STATE')
    .map((m) => m.game!.round);

it('never leaves a socket on an older snapshot than one it was sent', async () => {
  bus.publish('game.stepped', STEPPED);
  bus.publish('game.stepped', STEPPED);
  await expect.poll(() => pending.length).toBe(2);
  const [first, second] = pending.splice(0);
  // The younger read finishes first, the older one after it.
  second!(2);
  await expect.poll(() => rounds('leader')).toEqual([2]);
  await expect.poll(() => rounds('link')).toEqual([2]);
  first!(1);
  // A third change, read and sent: everything before it has been delivered or dropped.
  bus.publish('game.stepped', STEPPED);
  await expect.poll(() => pending.length).toBe(1);
  pending.splice(0)[0]!(3);
  await expect.poll(() => rounds('leader')).toEqual([2, 3]);
  await expect.poll(() => rounds('link')).toEqual([2, 3]);
  expect(errors).toEqual([]);
});
