import { describe, expect, it } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
import { WATCH_GRACE_MS } from '@beerscale/contract/watch';
import { GAME_CHANGES, type BusEventType } from '../realtime/bus-events';
import {
  WATCH_SCOPE,
  linkStillOpens,
  sendsWatchersState,
  watchedScale,
  watcherSample,
  watcherScaleStatus,
  watcherView,
  type WatcherDelivery,
} from './watch-scope';

// What strangers holding a watch link receive: a row per bus fact, per game status, per field.

const REACHES: [BusEventType, WatcherDelivery][] = [
  ['player.kicked', 'game-state'],
  ['player.left', 'game-state'],
  ['lobby.set-up', 'game-state'],
  ['participant.renamed', 'game-state'],
  ['lobby.cancelled', 'game-state'],
  ['game.stepped', 'game-state'],
  ['game.completed', 'game-state'],
  ['game.cancelled', 'game-state'],
  ['game.voided', 'game-state'],
  ['scale.sample', 'weight'],
  ['scale.status', 'scale-connection'],
  ['watch.revoked', 'sent-away'],
  ['seat.released', 'seat-ended'],
];
const reaching = new Set(REACHES.map(([type]) => type));

describe('which bus facts reach a watch link', () => {
  it.each(REACHES)('%s reaches watchers as %s', (type, delivery) => {
    expect(WATCH_SCOPE[type]).toBe(delivery);
  });

  const heldBack = (Object.keys(WATCH_SCOPE) as BusEventType[]).filter((t) => !reaching.has(t));
  it.each(heldBack)('%s is held back', (type) => {
    expect(WATCH_SCOPE[type]).toBe('held-back');
  });

  it('holds back the lobby, accounts and devices (a fixed list, so a new one is noticed)', () => {
    expect(heldBack.sort()).toEqual(
      [
        'device.claimed',
        'device.nack',
        'device.paired',
        'device.pairing-closed',
        'device.pairing-opened',
        'device.pairing-wrong-code',
        'device.ping-answered',
        'device.ping-asked',
        'game.configured',
        'game.created',
        'game.started',
        'invite.cancelled',
        'invite.created',
        'invite.declined',
        'lobby.started',
        'order.changed',
        'participant.joined',
        'scale.key-reset',
        'scale.owner-changed',
        'scale.resumed',
        'scale.settings-changed',
        'session.revoked',
        'user.renamed',
        'users.status-changed',
      ].sort(),
    );
  });

  it.each([...GAME_CHANGES])('%s, a change of the game, sends watchers its state', (type) => {
    expect(sendsWatchersState(type)).toBe(true);
  });

  it.each(['scale.sample', 'device.nack', 'order.changed'] as const)(
    '%s sends watchers no state',
    (type) => expect(sendsWatchersState(type)).toBe(false),
  );
});

describe('what a watcher sees of the game', () => {
  const state = {
    id: 7,
    name: 'Friday',
    status: 'active',
    scaleAddress: 'AABBCCDDEEFF',
    players: [
      {
        id: 1,
        playerName: 'Leo',
        userId: 11,
        position: 0,
        standardDrinks: 0.8,
        eveningLimit: 3,
        eveningStandardDrinks: 3.4,
        limitReached: true,
      },
      {
        id: 2,
        playerName: 'Guest',
        userId: null,
        position: 1,
        standardDrinks: 0.2,
        eveningLimit: null,
        eveningStandardDrinks: 0.2,
        limitReached: false,
      },
    ],
  } as unknown as GameState;

  it('leaves out the user ids and the scale address, and keeps the rest', () => {
    const seen = watcherView(state);
    expect(seen.scaleAddress).toBeNull();
    expect(seen.players.map((p) => p.userId)).toEqual([null, null]);
    expect(seen.players.map((p) => p.playerName)).toEqual(['Leo', 'Guest']);
    // An account's limit and its other games tonight are its own; the calm notice stays.
    expect(seen.players.map((p) => p.eveningLimit)).toEqual([null, null]);
    expect(seen.players.map((p) => p.eveningStandardDrinks)).toEqual([0.8, 0.2]);
    expect(seen.players.map((p) => p.limitReached)).toEqual([true, false]);
    expect({ ...seen, scaleAddress: state.scaleAddress, players: state.players }).toEqual(state);
    // The players' own snapshot is not changed.
    expect(state.players[0]!.userId).toBe(11);
  });

  it.each([
    ['pending', 'AABBCCDDEEFF'],
    ['configured', 'AABBCCDDEEFF'],
    ['active', 'AABBCCDDEEFF'],
    ['completed', null],
    ['cancelled', null],
  ] as const)("a %s game's watchers follow scale %s", (status, scale) => {
    expect(watchedScale({ status, scaleAddress: 'AABBCCDDEEFF' })).toBe(scale);
  });

  it('weights and the connection come without the scale address', () => {
    const sample = { type: 'SCALE_DATA', macAddress: 'AABBCCDDEEFF', grams: 420, stable: true };
    expect(watcherSample(sample)).toEqual({ ...sample, macAddress: '' });
    expect(watcherScaleStatus(true)).toEqual({
      type: 'SCALE_STATUS',
      macAddress: '',
      connected: true,
    });
  });
});

describe('how long a link opens its game', () => {
  const end = Date.parse('2025-01-01T20:00:00.000Z');
  const completedAt = new Date(end).toISOString();
  it.each([
    ['a set-up game', 'configured', null, end + 10 * WATCH_GRACE_MS, true],
    ['a running game', 'active', null, end, true],
    ['a finished game, just after', 'completed', completedAt, end + 1, true],
    [
      'a finished game, at the end of the grace',
      'completed',
      completedAt,
      end + WATCH_GRACE_MS,
      true,
    ],
    ['a finished game, after the grace', 'completed', completedAt, end + WATCH_GRACE_MS + 1, false],
    [
      'a cancelled game, after the grace',
      'cancelled',
      completedAt,
      end + WATCH_GRACE_MS + 1,
      false,
    ],
    ['an ended game without an end time', 'cancelled', null, end, false],
  ] as const)('%s: %s', (_, status, at, now, opens) => {
    expect(linkStillOpens({ status, completedAt: at }, now)).toBe(opens);
  });
});
