import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { GameState } from '@beerscale/contract/game-state';
import { WatchHub } from '../watch/watch-hub';
import { BrowserConnection } from './browser-connection';
import { BrowserHub } from './browser-hub';
import { LocalEventBus } from './event-bus';
import { EventRouter } from './event-router';

// Facts in, browser messages out: a real in-process bus, the real hubs, real sockets on
// loopback. Only the tables behind a snapshot are stood in for (the integration tests read them).

const MAC = 'AABBCCDDEEFF';
const GAME = 7;
const players = { leader: 1, anna: 2, ben: 3 };
const outsider = 4;

let server: WebSocketServer;
let bus: LocalEventBus;
let stop: () => void;
const hub = new BrowserHub();
const watchers = new WatchHub(10);
const errors: unknown[] = [];
const heard = new Map<string, { type: string; [key: string]: unknown }[]>();

async function connect(name: string, userId: number): Promise<BrowserConnection> {
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [socket] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  const messages: { type: string }[] = [];
  heard.set(name, messages);
  client.on('message', (data) => messages.push(JSON.parse(data.toString())));
  return new BrowserConnection(socket, userId, `jti-${name}`, Date.now());
}

const state = (status: GameState['status']) =>
  ({ id: GAME, name: 'Friday', status, scaleAddress: MAC, players: [] }) as unknown as GameState;

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  bus = new LocalEventBus((err) => errors.push(err));
  for (const [name, id] of Object.entries(players)) hub.add(await connect(name, id));
  hub.add(await connect('outsider', outsider));
  // Someone watching the scale's live weight, and a holder of the game's watch link.
  const scaleWatcher = await connect('scaleWatcher', 5);
  hub.add(scaleWatcher);
  hub.watch(scaleWatcher, MAC);
  watchers.add(GAME, MAC, 'token', await connect('linkWatcher', 0));
  const router = new EventRouter(bus, hub, watchers, {
    loadGame: async (gameId) =>
      gameId === GAME ? { state: state('completed'), userIds: Object.values(players) } : null,
    leaderOnScale: async (mac) => (mac === MAC ? players.leader : null),
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

/**
 * Publishes the facts, then a barrier every socket hears last (a revoked watch link goes to
 * link holders only, so everybody else gets RANKED_GAME_STARTED): per socket, messages arrive
 * in sending order, so what each socket holds before the barrier is all the facts made it hear.
 */
async function afterFacts(publish: () => void): Promise<Map<string, string[]>> {
  const from = new Map([...heard].map(([name, messages]) => [name, messages.length]));
  publish();
  await expect
    .poll(() => heard.get('ben')!.some((m, i) => i >= from.get('ben')! && m.type === 'GAME_STATE'))
    .toBe(true);
  bus.publish('lobby.started', { gameId: 0, gameName: 'barrier', playerIds: [1, 2, 3, 4, 5] });
  const others = [...heard.keys()].filter((name) => name !== 'linkWatcher');
  await expect
    .poll(() => others.every((name) => heard.get(name)!.at(-1)?.gameName === 'barrier'))
    .toBe(true);
  return new Map(
    others.map((name) => [
      name,
      heard
        .get(name)!
        .slice(from.get(name), -1)
        .map((m) => m.type),
    ]),
  );
}

describe('the event router', () => {
  it('tells the kicked player, the rest of the line-up and the game watchers, and nobody else', async () => {
    const got = await afterFacts(() =>
      bus.publish('player.kicked', {
        gameId: GAME,
        gameName: 'Friday',
        playerId: players.ben,
        playerName: 'Ben',
        memberIds: [players.leader, players.anna],
      }),
    );
    const lineUp = ['PLAYER_KICKED_NOTIFICATION', 'PARTICIPANTS_UPDATED', 'GAME_STATE'];
    expect(got.get('leader')).toEqual(lineUp);
    expect(got.get('anna')).toEqual(lineUp);
    // The snapshot goes to the game's players as the tables list them (loadGame), Ben included.
    expect(got.get('ben')).toEqual(['PLAYER_KICKED', 'GAME_STATE']);
    expect(got.get('scaleWatcher')).toEqual(['GAME_STATE']);
    expect(got.get('outsider')).toEqual([]);
    expect(heard.get('linkWatcher')!.map((m) => m.type)).toContain('GAME_STATE');
  });

  it('announces a completion to its players before the new snapshot', async () => {
    const got = await afterFacts(() =>
      bus.publish('game.completed', {
        gameId: GAME,
        gameName: 'Friday',
        mac: MAC,
        userIds: [players.leader, players.anna, players.ben],
        displays: [{ phase: 'FINISHED', lines: [{ key: 'winner', params: { name: 'Anna' } }] }],
      }),
    );
    for (const name of ['leader', 'anna', 'ben']) {
      expect(got.get(name)).toEqual(['GAME_COMPLETED', 'GAME_STATE']);
    }
    expect(got.get('outsider')).toEqual([]);
    const completed = heard.get('anna')!.find((m) => m.type === 'GAME_COMPLETED');
    expect(completed).toEqual({ type: 'GAME_COMPLETED', gameId: GAME, gameName: 'Friday' });
  });

  it('leaves the leader out of a reorder and a cancel they made themselves', async () => {
    const got = await afterFacts(() => {
      bus.publish('order.changed', {
        gameId: GAME,
        leaderId: players.leader,
        memberIds: [players.leader, players.anna, players.ben],
      });
      bus.publish('invite.cancelled', {
        inviteId: 9,
        gameId: GAME,
        gameName: 'Friday',
        inviteeId: outsider,
      });
      bus.publish('lobby.cancelled', {
        gameId: GAME,
        gameName: 'Friday',
        leaderId: players.leader,
        memberIds: [players.leader, players.anna, players.ben],
        scaleMac: MAC,
      });
    });
    expect(got.get('leader')).toEqual(['GAME_STATE']);
    expect(got.get('anna')).toEqual(['PARTICIPANTS_UPDATED', 'GAME_DELETED', 'GAME_STATE']);
    expect(got.get('outsider')).toEqual(['INVITATION_CANCELLED']);
    expect(heard.get('outsider')!.find((m) => m.type === 'INVITATION_CANCELLED')).toEqual({
      type: 'INVITATION_CANCELLED',
      invitationId: 9,
      gameId: GAME,
      gameName: 'Friday',
    });
  });

  it('answers the leader for an invitation and tells the line-up who joined', async () => {
    const got = await afterFacts(() => {
      const ref = {
        gameId: GAME,
        leaderId: players.leader,
        playerId: outsider,
        playerName: 'Olga',
      };
      bus.publish('invite.declined', ref);
      bus.publish('participant.joined', { ...ref, memberIds: [players.leader, players.anna] });
      // A step changes the snapshot (and so ends this test's wait on Ben's socket).
      bus.publish('game.stepped', { gameId: GAME, mac: MAC, displays: [] });
    });
    expect(got.get('leader')).toEqual([
      'INVITATION_RESPONSE',
      'INVITATION_RESPONSE',
      'PLAYER_JOINED',
      'PARTICIPANTS_UPDATED',
      'GAME_STATE',
    ]);
    expect(got.get('anna')).toEqual(['PLAYER_JOINED', 'PARTICIPANTS_UPDATED', 'GAME_STATE']);
    const answers = heard.get('leader')!.filter((m) => m.type === 'INVITATION_RESPONSE');
    expect(answers.slice(-2).map((m) => m.status)).toEqual(['declined', 'accepted']);
  });

  it("tells a scale's watchers its connection, and its game's leader its refusals", async () => {
    const got = await afterFacts(() => {
      bus.publish('scale.status', { mac: MAC, connected: false });
      bus.publish('device.nack', { mac: MAC, command: 'START', error: 'busy' });
      bus.publish('game.stepped', { gameId: GAME, mac: MAC, displays: [] });
    });
    expect(got.get('scaleWatcher')).toEqual(['SCALE_STATUS', 'GAME_STATE']);
    expect(got.get('leader')).toContain('SCALE_NACK');
    expect(got.get('anna')).not.toContain('SCALE_NACK');
    expect(got.get('outsider')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
