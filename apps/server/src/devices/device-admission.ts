import { randomUUID } from 'node:crypto';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import {
  DEVICE_PING_ANSWER_MS,
  type DeviceGame,
  type DeviceToServerMap,
  type ServerToDeviceMap,
} from '@beerscale/contract/device-socket';
import type { EventBus } from '../realtime/event-bus';
import type { CommandDelivery } from './command-delivery';
import { DeviceConnection, type DeviceSocket } from './device-connection';
import type { DeviceConnections } from './device-connections';
import type { DevicePairingService } from './device-pairing.service';
import { goAway, rejectSocket } from './device-protocol';
import type { DevicesRepository } from './devices.repository';

/** What an admitted device is sent and holds: its WELCOME and its claim in the tables. */
export interface Admitted {
  id: string;
  welcome: ServerToDeviceMap['WELCOME'];
}

export type WelcomeListener = (mac: string, game: DeviceGame) => void;

export interface AdmissionDeps {
  repo: DevicesRepository;
  pairing: DevicePairingService;
  bus: EventBus;
  connections: DeviceConnections;
  delivery: CommandDelivery;
  /** Prefixes connection ids, so the tables tell which instance holds a scale. */
  instanceId: string;
  /** How long a connected scale has to answer the PING that decides "Key in use". */
  pingAnswerMs?: number;
  /** The gateway is stopping: a socket admitted now is sent away instead. */
  isClosed: () => boolean;
  onError: (err: unknown) => void;
}

/** How long the bus may take there and back on top of the PING's own time. */
const BUS_ROUND_TRIP_MS = 1_000;

/**
 * Letting a device in as its scale: whether a connected one keeps its place ("Key in use", also
 * when another instance holds it: that instance is asked over the bus), the connection's claim
 * in the tables, and a WELCOME that is not stale by the time it is sent, followed at once by
 * what the welcome listeners (the notifier) send.
 */
export class DeviceAdmission {
  private connectionSeq = 0;
  /**
   * Per scale being admitted: how many facts that change its WELCOME were heard meanwhile. Until
   * the socket is registered the notifier drops such facts (not connected here), so an admission
   * that heard one reads the WELCOME again instead of sending a stale one.
   */
  private readonly admissions = new Map<string, { pending: number; facts: number }>();
  private readonly welcomeListeners = new Set<WelcomeListener>();
  private readonly unsubscribe: (() => void)[];
  private readonly pingAnswerMs: number;

  constructor(private readonly deps: AdmissionDeps) {
    this.pingAnswerMs = deps.pingAnswerMs ?? DEVICE_PING_ANSWER_MS;
    const { bus } = deps;
    this.unsubscribe = [
      bus.subscribe('game.configured', ({ mac }) => this.heard(mac)),
      bus.subscribe('game.started', ({ mac }) => this.heard(mac)),
      bus.subscribe('game.cancelled', ({ mac }) => this.heard(mac)),
      bus.subscribe('lobby.cancelled', ({ scaleMac }) => this.heard(scaleMac)),
      bus.subscribe('scale.settings-changed', ({ mac }) => this.heard(mac)),
      bus.subscribe('device.ping-asked', (asked) => void this.answerFor(asked)),
    ];
  }

  /** Runs right after a WELCOME, before anything else can reach the scale (the notifier). */
  onWelcome(listener: WelcomeListener): () => void {
    this.welcomeListeners.add(listener);
    return () => this.welcomeListeners.delete(listener);
  }

  /**
   * A device with its key is let in (null: refused, "Key in use"); any other device is to be
   * paired by code.
   */
  async handshake(
    socket: DeviceSocket,
    hello: DeviceToServerMap['HELLO'],
  ): Promise<DeviceConnection | 'pair' | null> {
    const outcome = await this.deps.pairing.authenticate(hello);
    if (!outcome.paired) return 'pair';
    const { connections } = this.deps;
    const connected = connections.get(hello.mac);
    const keeps = connected
      ? (await this.keepsPlace(connected)) && connections.get(hello.mac) === connected
      : await this.keepsPlaceElsewhere(hello.mac);
    if (keeps) {
      rejectSocket(socket, DEVICE_REJECTS.keyInUse);
      return null;
    }
    return this.admit(socket, hello, undefined);
  }

  /** The socket becomes the scale: claim in the tables, WELCOME, commands from now on. */
  async admit(
    socket: DeviceSocket,
    hello: DeviceToServerMap['HELLO'],
    newKey: string | undefined,
  ): Promise<DeviceConnection | null> {
    const { id, welcome } = await this.claim(hello, newKey);
    // The socket may have gone (or the server begun to stop) while the tables answered.
    if (socket.readyState !== socket.OPEN || this.deps.isClosed()) {
      await this.deps.repo.release(hello.mac, id, new Date());
      goAway(socket);
      return null;
    }
    // Nothing below awaits: no command and no close can slip in before WELCOME.
    const conn = new DeviceConnection(socket, hello.mac, id, Date.now());
    const previous = this.deps.connections.register(conn);
    previous?.reject(DEVICE_REJECTS.replaced);
    conn.send(welcome);
    // What the scale was told before may be lost: the notifier says the game again.
    this.deps.delivery.forget(hello.mac);
    for (const listener of this.welcomeListeners) {
      try {
        listener(hello.mac, welcome.game);
      } catch (err) {
        this.deps.onError(err);
      }
    }
    this.deps.connections.connected(hello.mac);
    this.deps.bus.publish('device.claimed', { mac: hello.mac, connectionId: id });
    return conn;
  }

  close(): void {
    this.unsubscribe.forEach((off) => off());
  }

  /**
   * A copied key must not throw the genuine scale off: a connected scale that still answers keeps
   * its place; one that went silent (a half-open socket after a WiFi drop) may be replaced. A
   * bridged Bluetooth scale is not asked (its browser does not answer for it).
   */
  private async keepsPlace(connected: DeviceConnection | undefined): Promise<boolean> {
    if (!connected || connected.socket.dropsCommands) return false;
    return connected.answersPing(this.pingAnswerMs);
  }

  /**
   * The scale is held by a connection of another instance (the tables say which): that instance
   * is asked over the bus to PING it. No answer in time (the instance is gone, or the scale is
   * not connected there any more) counts as a silent scale: the newcomer replaces it.
   */
  private async keepsPlaceElsewhere(mac: string): Promise<boolean> {
    const { connection_id: connectionId } = await this.deps.repo.connectionOf(mac);
    if (!connectionId || connectionId.startsWith(`${this.deps.instanceId}.`)) return false;
    const askId = randomUUID();
    return new Promise<boolean>((resolve) => {
      const done = (answered: boolean) => {
        clearTimeout(timer);
        off();
        resolve(answered);
      };
      const off = this.deps.bus.subscribe('device.ping-answered', (answer) => {
        if (answer.askId === askId) done(answer.answered);
      });
      const timer = setTimeout(() => done(false), this.pingAnswerMs + BUS_ROUND_TRIP_MS);
      this.deps.bus.publish('device.ping-asked', { mac, connectionId, askId });
    });
  }

  /** Another instance asks whether the scale connected here still answers. */
  private async answerFor(asked: { mac: string; connectionId: string; askId: string }) {
    const connected = this.deps.connections.get(asked.mac);
    // Not held here (any more): the instance that is holds it, or nobody, and the asker's wait
    // ends in its timeout.
    if (!connected || connected.id !== asked.connectionId) return;
    try {
      const answered = await this.keepsPlace(connected);
      this.deps.bus.publish('device.ping-answered', { askId: asked.askId, answered });
    } catch (err) {
      this.deps.onError(err);
    }
  }

  /** Claims the scale for a new connection here and reads its WELCOME (again while it changed). */
  private async claim(
    hello: DeviceToServerMap['HELLO'],
    newKey: string | undefined,
  ): Promise<Admitted> {
    this.connectionSeq += 1;
    const id = `${this.deps.instanceId}.${this.connectionSeq}`;
    const admission = this.admissions.get(hello.mac) ?? { pending: 0, facts: 0 };
    admission.pending += 1;
    this.admissions.set(hello.mac, admission);
    try {
      let heard = admission.facts;
      let welcome = await this.deps.pairing.welcome(hello.mac, newKey);
      await this.deps.repo.claim(hello.mac, id, new Date(), {
        firmware: hello.firmware,
        model: hello.model,
      });
      // A game set up (or cancelled, or settings changed) while the tables answered: its command
      // was dropped, so the WELCOME is read again until no such fact came in during the read.
      while (admission.facts !== heard) {
        heard = admission.facts;
        welcome = await this.deps.pairing.welcome(hello.mac, newKey);
      }
      return { id, welcome };
    } finally {
      admission.pending -= 1;
      if (admission.pending === 0) this.admissions.delete(hello.mac);
    }
  }

  private heard(mac: string | null): void {
    const admission = mac ? this.admissions.get(mac) : undefined;
    if (admission) admission.facts += 1;
  }
}
