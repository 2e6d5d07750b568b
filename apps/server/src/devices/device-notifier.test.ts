import { afterEach, describe, expect, it } from 'vitest';
import {
  DISPLAY_TEXT_MAX,
  type DeviceGame,
  type ServerToDevice,
} from '@beerscale/contract/device-socket';
import type { Language } from '@beerscale/contract/profile';
import type { BusEvents } from '../realtime/bus-events';
import { LocalEventBus } from '../realtime/event-bus';
import { DeviceNotifier, IDLE_TEXT, type DeviceOutlet } from './device-notifier';

// Facts in, device commands out, on a real in-process bus. The outlet records what the gateway
// would send to the scales connected here (the gateway's delivery has its own tests).

const HERE = 'AABBCCDDEEFF';
const ELSEWHERE = '112233445566';

class Outlet implements DeviceOutlet {
  readonly sent: { mac: string; command: ServerToDevice }[] = [];
  isConnected(mac: string): boolean {
    return mac === HERE;
  }
  sendCommand(mac: string, command: ServerToDevice): boolean {
    this.sent.push({ mac, command });
    return true;
  }
  readonly welcomed = new Set<(mac: string, game: DeviceGame) => void>();
  onWelcome(listener: (mac: string, game: DeviceGame) => void): () => void {
    this.welcomed.add(listener);
    return () => this.welcomed.delete(listener);
  }
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function notifier(
  leaderLanguage: (gameId: number) => Promise<Language> = async () => 'en',
  ownerLanguage?: (mac: string) => Promise<Language | null>,
) {
  const bus = new LocalEventBus((err) => errors.push(err));
  const outlet = new Outlet();
  const errors: unknown[] = [];
  stops.push(
    new DeviceNotifier(
      bus,
      outlet,
      { leaderLanguage, deviceSettings: async () => ({ unit: 'g' }), ownerLanguage },
      (err) => errors.push(err),
    ).start(),
  );
  const commands = () => outlet.sent.map((s) => s.command);
  return { bus, outlet, commands, errors };
}

const configured = (mac: string): BusEvents['game.configured'] => ({
  gameId: 3,
  gameName: 'Friday',
  mac,
  containerType: 'BEER_BOTTLE',
  waiting: true,
  players: [
    { id: 10, name: 'Lea', position: 0 },
    { id: 11, name: 'Anna', position: 1 },
  ],
});

describe('the device notifier', () => {
  it("configures a scale held here, in its leader's language, and ignores scales held elsewhere", async () => {
    const { bus, commands, outlet } = notifier(async () => 'de');
    bus.publish('game.configured', configured(ELSEWHERE));
    bus.publish('game.configured', configured(HERE));
    await expect.poll(() => outlet.sent.length).toBe(2);
    expect(outlet.sent.every((s) => s.mac === HERE)).toBe(true);
    expect(commands()).toEqual([
      {
        type: 'CONFIGURE',
        cmdId: expect.any(String),
        gameId: 3,
        containerType: 'BEER_BOTTLE',
        players: configured(HERE).players,
      },
      {
        type: 'DISPLAY',
        phase: 'IDLE',
        text: 'Friday: wartet auf den Start durch die Spielleitung',
      },
    ]);
  });

  it('keeps the order of the facts while a language is looked up', async () => {
    let answer: ((language: Language) => void) | null = null;
    const { bus, commands } = notifier(() => new Promise((resolve) => (answer = resolve)));
    bus.publish('game.configured', configured(HERE));
    bus.publish('game.started', { gameId: 3, mac: HERE });
    await expect.poll(() => answer).not.toBeNull();
    // START needs no lookup, yet waits for the set-up before it.
    expect(commands()).toEqual([]);
    answer!('en');
    await expect.poll(() => commands().length).toBe(3);
    expect(commands().map((c) => c.type)).toEqual(['CONFIGURE', 'DISPLAY', 'START']);
  });

  it("shows a step's and a completion's displays, cut to what a screen is promised", async () => {
    const { bus, commands } = notifier();
    bus.publish('game.stepped', {
      gameId: 3,
      mac: HERE,
      displays: [
        {
          phase: 'INITIAL_WEIGHING',
          player: 'Lea',
          lines: [{ key: 'placeFull', params: { name: 'Lea', label: 'bottle' } }],
        },
      ],
    });
    bus.publish('game.completed', {
      gameId: 3,
      gameName: 'Friday',
      mac: HERE,
      userIds: [1],
      displays: [
        {
          phase: 'FINISHED',
          lines: [{ key: 'winner', params: { name: 'w'.repeat(DISPLAY_TEXT_MAX + 30) } }],
        },
      ],
    });
    await expect.poll(() => commands().length).toBe(2);
    expect(commands()[0]).toEqual({
      type: 'DISPLAY',
      phase: 'INITIAL_WEIGHING',
      player: 'Lea',
      text: 'Lea: place your full bottle',
    });
    const last = commands()[1] as { text: string };
    expect(last.text).toHaveLength(DISPLAY_TEXT_MAX);
    expect(last.text.endsWith('…')).toBe(true);
  });

  it('puts a cancelled game on the screen only when it had been set up on that scale', async () => {
    const { bus, commands } = notifier();
    const cancel = { gameId: 3, gameName: 'Friday', leaderId: 1, memberIds: [1, 2] };
    bus.publish('lobby.cancelled', { ...cancel, scaleMac: null });
    bus.publish('lobby.cancelled', { ...cancel, scaleMac: HERE });
    bus.publish('game.cancelled', { gameId: 4, gameName: 'Quick', mac: HERE });
    await expect.poll(() => commands().length).toBe(2);
    expect(commands()).toEqual([
      { type: 'DISPLAY', phase: 'CANCELLED', text: 'Friday: cancelled' },
      { type: 'DISPLAY', phase: 'CANCELLED', text: 'Quick: cancelled' },
    ]);
  });

  it('tells a reconnected scale where things stand, and sends changed settings', async () => {
    const { bus, commands } = notifier();
    bus.publish('scale.resumed', { mac: HERE, gameId: null, display: null, setUp: null });
    bus.publish('scale.resumed', {
      mac: HERE,
      gameId: null,
      display: null,
      setUp: { gameId: 3, gameName: 'Friday' },
    });
    bus.publish('scale.resumed', {
      mac: HERE,
      gameId: 3,
      display: {
        phase: 'INITIAL_WEIGHING',
        lines: [{ key: 'placeFull', params: { name: 'Lea', label: 'bottle' } }],
      },
      setUp: null,
    });
    bus.publish('scale.settings-changed', { mac: HERE });
    await expect.poll(() => commands().length).toBe(4);
    expect(commands()).toEqual([
      { type: 'DISPLAY', phase: 'IDLE', text: IDLE_TEXT },
      { type: 'DISPLAY', phase: 'IDLE', text: 'Friday: waiting for the leader to start' },
      { type: 'DISPLAY', phase: 'INITIAL_WEIGHING', text: 'Lea: place your full bottle' },
      { type: 'SETTINGS', cmdId: expect.any(String), settings: { unit: 'g' } },
    ]);
  });

  it("greets a scale no game has spoken to in its owner's language, and names a fast game in it", async () => {
    const { bus, commands } = notifier(
      async () => 'de',
      async () => 'de',
    );
    bus.publish('scale.resumed', { mac: HERE, gameId: null, display: null, setUp: null });
    bus.publish('scale.resumed', {
      mac: HERE,
      gameId: null,
      display: null,
      setUp: { gameId: 3, gameName: 'Fast Game' },
    });
    await expect.poll(() => commands().length).toBe(2);
    expect(commands()).toEqual([
      { type: 'DISPLAY', phase: 'IDLE', text: 'Bereit: Richte in der App ein Spiel ein' },
      {
        type: 'DISPLAY',
        phase: 'IDLE',
        text: 'Schnelles Spiel: wartet auf den Start durch die Spielleitung',
      },
    ]);
  });
});

describe('after a WELCOME', () => {
  it('says the game on the scale again as CONFIGURE and START, with fresh ids, at once', () => {
    const { outlet, commands } = notifier();
    const game = { ...configured(HERE), started: true };
    for (const welcome of outlet.welcomed) welcome(HERE, game);
    for (const welcome of outlet.welcomed) welcome(HERE, game);
    const sent = commands();
    expect(sent.map((c) => c.type)).toEqual(['CONFIGURE', 'START', 'CONFIGURE', 'START']);
    expect(sent[0]).toMatchObject({
      gameId: 3,
      containerType: 'BEER_BOTTLE',
      players: game.players,
    });
    const ids = sent.map((c) => ('cmdId' in c ? c.cmdId : ''));
    expect(new Set(ids).size).toBe(4);
    for (const welcome of outlet.welcomed) welcome(HERE, null);
    expect(commands()).toHaveLength(4);
  });
});
