import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { CLOSE_GOING_AWAY } from '@beerscale/contract/browser-socket';
import { DEVICE_REJECTS, HELLO_TIMEOUT_PREFIX } from '@beerscale/contract/device-rejects';
import {
  COMMAND_RESEND_MS,
  DEVICE_HELLO_TIMEOUT_MS,
  type DeviceToServer,
  type DeviceToServerMap,
  type ServerToDevice,
  type ServerToDeviceMap,
} from '@beerscale/contract/device-socket';
import { SOCKET_IDLE_MS } from '@beerscale/contract/limits';
import { UnpairedSockets } from './unpaired-sockets';
import type { EventBus } from '../realtime/event-bus';
import { CommandOutbox, isAcked } from './command-outbox';
import { DeviceConnection, type DeviceSocket } from './device-connection';
import type { DevicePairingService, OpenedPairing } from './device-pairing.service';
import { recordSaysOnline, type ConnectionRecord } from './device-presence';
import { parseDeviceMessage, rejectSocket } from './device-protocol';
import type { DevicesRepository } from './devices.repository';

export interface DeviceSample {
  grams: number;
  stable: boolean;
  /** Server receipt time (ms): the engine times stability by this, not by the device's clock. */
  at: number;
}

type SampleListener = (mac: string, sample: DeviceSample) => void;
type ConnectionListener = (mac: string, connected: boolean) => void;

export interface GatewayOptions {
  /** Prefixes connection ids, so the tables tell which instance holds a scale. */
  instanceId: string;
  helloTimeoutMs?: number;
  /** A device silent this long is dropped (DESIGN §8 keep-alive). */
  idleMs?: number;
  /** An unACKed command is sent again after this long (COMMAND_RESEND_MS; tests shorten it). */
  commandResendMs?: number;
  /**
   * DESIGN §6: unpaired device sockets per remote address, from the upgrade until WELCOME
   * (waiting for HELLO, being checked, showing a pairing code).
   */
  maxPairingPerAddress?: number;
  /** Unpaired device sockets on this instance overall (past it, the busiest address yields). */
  maxPairingTotal?: number;
  onError: (err: unknown) => void;
  /** A device's refusal of a command (its leader is told too), or a command never ACKed. */
  onNack?: (mac: string, cmdId: string, error: string) => void;
}

/** A device socket waiting for a person to confirm the code on its screen. */
interface PairingSocket {
  socket: WebSocket;
  hello: DeviceToServerMap['HELLO'];
  pairing: OpenedPairing;
  expiry: NodeJS.Timeout;
  /** A device showing its code is pinged and dropped when silent, like a paired one. */
  lastHeardAt: number;
  /** Moves the socket's own state machine on once the pairing is confirmed. */
  opened: (conn: DeviceConnection) => void;
}

export const DEFAULT_PAIRING_PER_ADDRESS = 20;
export const DEFAULT_PAIRING_TOTAL = 1_000;

/**
 * The scales' side of the server (`/ws/device`, DESIGN §8): the socket lifecycle, one live
 * connection per scale, samples to the engine in this process and to watchers through the bus,
 * commands (worded by device-notifier.ts) to the device connected here. Pairing decisions live
 * in the pairing service; which socket holds a scale is also written to the tables so every
 * instance can tell.
 */
export class DeviceGateway {
  private connectionSeq = 0;
  private readonly connections = new Map<string, DeviceConnection>();
  private readonly latest = new Map<string, DeviceSample>();
  private readonly sampleListeners = new Set<SampleListener>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private readonly pairingSockets = new Map<string, PairingSocket>();
  private readonly unpaired: UnpairedSockets;
  private readonly outbox: CommandOutbox;
  private readonly unsubscribe: (() => void)[] = [];
  /**
   * Per scale being admitted: how many facts that change its WELCOME were heard meanwhile. Until
   * the socket is registered the notifier drops such facts (not connected here), so an admission
   * that heard one reads the WELCOME again instead of sending a stale one.
   */
  private readonly admissions = new Map<string, { pending: number; facts: number }>();
  private heartbeat: NodeJS.Timeout | null = null;
  private resender: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly repo: DevicesRepository,
    private readonly pairing: DevicePairingService,
    private readonly bus: EventBus,
    private readonly options: GatewayOptions,
  ) {
    this.unpaired = new UnpairedSockets(
      options.maxPairingPerAddress ?? DEFAULT_PAIRING_PER_ADDRESS,
      options.maxPairingTotal ?? DEFAULT_PAIRING_TOTAL,
    );
    this.outbox = new CommandOutbox(options.commandResendMs ?? COMMAND_RESEND_MS);
    this.unsubscribe.push(
      bus.subscribe('device.claimed', ({ mac, connectionId }) => {
        // Another instance accepted this scale: the older socket here must not keep streaming.
        const conn = this.connections.get(mac);
        if (!conn || conn.id === connectionId) return;
        void this.retire(conn, false);
        conn.reject(DEVICE_REJECTS.replaced);
      }),
      // A newer device of the same address displaced a code shown here (pairing service).
      bus.subscribe('device.pairing-closed', ({ id }) => {
        const waiting = this.pairingSockets.get(id);
        if (!waiting) return;
        this.pairingSockets.delete(id);
        clearTimeout(waiting.expiry);
        rejectSocket(waiting.socket, DEVICE_REJECTS.replaced);
      }),
      bus.subscribe('scale.key-reset', ({ mac }) => {
        const conn = this.connections.get(mac);
        if (!conn) return;
        void this.retire(conn);
        conn.reject(DEVICE_REJECTS.keyReset);
      }),
      bus.subscribe('device.paired', ({ mac, pairingId }) => this.paired(mac, pairingId)),
      bus.subscribe('game.configured', ({ mac }) => this.heardDuringAdmission(mac)),
      bus.subscribe('game.started', ({ mac }) => this.heardDuringAdmission(mac)),
      bus.subscribe('game.cancelled', ({ mac }) => this.heardDuringAdmission(mac)),
      bus.subscribe('lobby.cancelled', ({ scaleMac }) => this.heardDuringAdmission(scaleMac)),
      bus.subscribe('scale.settings-changed', ({ mac }) => this.heardDuringAdmission(mac)),
      bus.subscribe('device.pairing-wrong-code', ({ mac }) => {
        // The pairing service dropped the address when the limit was reached.
        if (this.pairing.isRequested(mac)) return;
        this.dropPairing(mac, null, DEVICE_REJECTS.pairingWrongCodes);
      }),
    );
  }

  /** PING every device and drop the silent ones; refresh this instance's claims. */
  startHeartbeat(): void {
    if (this.heartbeat || this.closed) return;
    const idleMs = this.options.idleMs ?? SOCKET_IDLE_MS;
    this.heartbeat = setInterval(() => this.tick(idleMs), Math.min(20_000, idleMs / 2));
    this.heartbeat.unref();
    this.resender = setInterval(() => this.resend(), this.outbox.resendMs / 3);
    this.resender.unref();
  }

  /** Every admitted WEIGHT of a scale connected here, in receipt order. */
  onSample(listener: SampleListener): () => void {
    this.sampleListeners.add(listener);
    return () => this.sampleListeners.delete(listener);
  }

  /** A scale's device connected to or left this instance (a replacement is not a leave). */
  onConnectionChange(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Connected to this instance. */
  isConnected(mac: string): boolean {
    return this.connections.has(mac);
  }

  /** Connected to any instance: this one's sockets first, the tables for the others. */
  isOnline(record: ConnectionRecord): boolean {
    if (this.connections.has(record.mac)) return true;
    if (record.connection_id?.startsWith(`${this.options.instanceId}.`)) return false;
    return recordSaysOnline(record);
  }

  latestSample(mac: string): DeviceSample | undefined {
    return this.latest.get(mac);
  }

  /** Local delivery; false when the scale is not connected to this instance. */
  sendCommand(mac: string, command: ServerToDevice): boolean {
    const conn = this.connections.get(mac);
    if (!conn) return false;
    conn.send(command);
    // A bridged Bluetooth scale has no screen: its link drops commands and never ACKs them.
    if (isAcked(command) && !conn.socket.dropsCommands) this.outbox.sent(mac, command, Date.now());
    return true;
  }

  /** Releases every claim before the sockets go, so no other instance sees a ghost. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.resender) clearInterval(this.resender);
    this.unsubscribe.forEach((off) => off());
    const all = [...this.connections.values()];
    await Promise.all(all.map((conn) => this.retire(conn)));
    // Like every refusal, the device hears why (and when to come back) before the close; the
    // close is 1001, not 1008: another instance can take it at once.
    for (const conn of all) goAway(conn.socket);
    for (const waiting of [...this.pairingSockets.values()]) {
      this.forgetPairing(waiting);
      goAway(waiting.socket);
    }
  }

  /**
   * Runs one device socket: HELLO within the timeout; then either the protocol (a valid key) or
   * a pairing code on its screen until a person confirms it; then the protocol until it closes.
   */
  accept(socket: WebSocket, address = 'unknown'): void {
    if (this.closed) {
      // Shutting down: the device goes to another instance rather than to one about to leave.
      goAway(socket);
      return;
    }
    // Counted from the upgrade: a socket that never says HELLO costs as much as one showing a
    // code, and before HELLO nobody can tell a paired scale from an attacker's socket.
    // Never refused for lack of room: the oldest unpaired socket of the address (or of the
    // busiest address) makes room, so a genuine scale can always show its code.
    const place = this.unpaired.take(address, () => {
      clearTimeout(timeout);
      if (waiting) this.forgetPairing(waiting);
      rejectSocket(socket, DEVICE_REJECTS.pairingBusy);
    });
    const leaveUnpaired = () => this.unpaired.release(place);
    let state: 'waiting' | 'handshaking' | 'pairing' | 'open' = 'waiting';
    let conn: DeviceConnection | null = null;
    let waiting: PairingSocket | null = null;
    const helloMs = this.options.helloTimeoutMs ?? DEVICE_HELLO_TIMEOUT_MS;
    const timeout = setTimeout(
      () => rejectSocket(socket, `${HELLO_TIMEOUT_PREFIX} ${helloMs / 1000} seconds`),
      helloMs,
    );
    const opened = (accepted: DeviceConnection) => {
      conn = accepted;
      state = 'open';
      // A paired scale no longer counts: any number of them may play behind one router.
      leaveUnpaired();
    };

    socket.on('message', (data, isBinary) => {
      // A replaced or retired socket's words no longer count.
      if (conn && this.connections.get(conn.mac) !== conn) return;
      const parsed = parseDeviceMessage(data, isBinary);
      if (!parsed.ok) {
        clearTimeout(timeout);
        if (conn) void this.retire(conn);
        if (waiting) this.forgetPairing(waiting);
        rejectSocket(socket, parsed.error);
        return;
      }
      if (state === 'handshaking') return; // the device must wait for WELCOME or PAIRING
      if (state === 'waiting') {
        clearTimeout(timeout);
        if (parsed.message.type !== 'HELLO') return rejectSocket(socket, DEVICE_REJECTS.helloFirst);
        state = 'handshaking';
        const hello = parsed.message;
        this.handshake(socket, hello)
          .then((outcome) => {
            if (outcome === 'pair') {
              waiting = this.startPairing(socket, hello, opened);
              if (waiting) state = 'pairing';
            } else if (outcome) opened(outcome);
          })
          .catch((err) => {
            this.options.onError(err);
            rejectSocket(socket, DEVICE_REJECTS.serverError);
          });
        return;
      }
      if (state === 'pairing') {
        // Until a person confirms the code, only proof of life counts; weights are not used.
        if (waiting) waiting.lastHeardAt = Date.now();
        if (parsed.message.type === 'PING') socket.send(JSON.stringify({ type: 'PONG' }));
        if (parsed.message.type === 'HELLO' && waiting) {
          this.forgetPairing(waiting);
          rejectSocket(socket, DEVICE_REJECTS.helloAgain);
        }
        return;
      }
      if (!conn) return;
      conn.lastHeardAt = Date.now();
      this.handle(conn, parsed.message);
    });

    socket.on('close', () => {
      clearTimeout(timeout);
      leaveUnpaired();
      if (conn) void this.retire(conn);
      if (waiting) this.forgetPairing(waiting);
    });
  }

  /** A device with its key is let in; any other device is to be paired by code. */
  private async handshake(
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
  ): Promise<DeviceConnection | 'pair' | null> {
    const outcome = await this.pairing.authenticate(hello);
    if (!outcome.paired) return 'pair';
    return this.admit(socket, hello, undefined);
  }

  /**
   * A Bluetooth scale bridged by a browser (bridge.service.ts): admitted like a device with its
   * key, since the signed-in player speaks for it. A newer bridge or device replaces it.
   */
  admitBridge(link: DeviceSocket, mac: string, model: string): Promise<DeviceConnection | null> {
    return this.admit(link, { type: 'HELLO', mac, model }, undefined);
  }

  /** A bridged reading takes the path of a device's WEIGHT (rate limit, engine, watchers). */
  bridgeSample(conn: DeviceConnection, grams: number, stable: boolean): void {
    if (this.connections.get(conn.mac) !== conn) return;
    conn.lastHeardAt = Date.now();
    this.handle(conn, { type: 'WEIGHT', grams, stable });
  }

  /** The bridge closed: the scale goes offline as a WiFi scale whose socket closed. */
  releaseBridge(conn: DeviceConnection): Promise<void> {
    return this.retire(conn);
  }

  /** The socket becomes the scale: claim in the tables, WELCOME, commands from now on. */
  private async admit(
    socket: DeviceSocket,
    hello: DeviceToServerMap['HELLO'],
    newKey: string | undefined,
  ): Promise<DeviceConnection | null> {
    const now = new Date();
    this.connectionSeq += 1;
    const id = `${this.options.instanceId}.${this.connectionSeq}`;
    const admission = this.admissions.get(hello.mac) ?? { pending: 0, facts: 0 };
    admission.pending += 1;
    this.admissions.set(hello.mac, admission);
    let welcome: ServerToDeviceMap['WELCOME'];
    try {
      let heard = admission.facts;
      welcome = await this.pairing.welcome(hello.mac, newKey);
      await this.repo.claim(hello.mac, id, now, { firmware: hello.firmware, model: hello.model });
      // A game set up (or cancelled, or settings changed) while the tables answered: its command
      // was dropped, so the WELCOME is read again until no such fact came in during the read.
      while (admission.facts !== heard) {
        heard = admission.facts;
        welcome = await this.pairing.welcome(hello.mac, newKey);
      }
    } finally {
      admission.pending -= 1;
      if (admission.pending === 0) this.admissions.delete(hello.mac);
    }
    // The socket may have gone (or the server begun to stop) while the tables answered.
    if (socket.readyState !== socket.OPEN || this.closed) {
      await this.repo.release(hello.mac, id, new Date());
      goAway(socket);
      return null;
    }
    // Nothing below awaits: no command and no close can slip in before WELCOME.
    const conn = new DeviceConnection(socket, hello.mac, id, Date.now());
    const previous = this.connections.get(hello.mac);
    this.connections.set(hello.mac, conn);
    this.latest.delete(hello.mac);
    previous?.reject(DEVICE_REJECTS.replaced);
    conn.send(welcome);
    // What the scale was told before may be lost: the set-up and the start are said again.
    this.outbox.forget(hello.mac);
    if (welcome.game) {
      const { gameId, containerType, players, started } = welcome.game;
      const cmd = () => `${id}.${randomUUID().slice(0, 8)}`;
      this.sendCommand(hello.mac, {
        type: 'CONFIGURE',
        cmdId: cmd(),
        gameId,
        containerType,
        players,
      });
      if (started) this.sendCommand(hello.mac, { type: 'START', cmdId: cmd(), gameId });
    }
    this.announce(hello.mac, true, true);
    this.bus.publish('device.claimed', { mac: hello.mac, connectionId: id });
    return conn;
  }

  private heardDuringAdmission(mac: string | null): void {
    const admission = mac ? this.admissions.get(mac) : undefined;
    if (admission) admission.facts += 1;
  }

  /**
   * PAIRING { code } on the device's screen; null when it was refused (too many waiting for its
   * MAC or overall: the socket's place among its address's unpaired ones was taken at upgrade).
   */
  private startPairing(
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
    opened: (conn: DeviceConnection) => void,
  ): PairingSocket | null {
    if (socket.readyState !== socket.OPEN || this.closed) return null;
    const pairing = this.pairing.open(hello);
    if (!pairing) {
      rejectSocket(socket, DEVICE_REJECTS.pairingBusy);
      return null;
    }
    const waiting: PairingSocket = {
      socket,
      hello,
      pairing,
      opened,
      lastHeardAt: Date.now(),
      expiry: setTimeout(() => {
        this.forgetPairing(waiting);
        rejectSocket(socket, DEVICE_REJECTS.pairingExpired);
      }, pairing.expiresIn * 1000),
    };
    waiting.expiry.unref();
    this.pairingSockets.set(pairing.id, waiting);
    socket.send(
      JSON.stringify({ type: 'PAIRING', code: pairing.code, expiresIn: pairing.expiresIn }),
    );
    return waiting;
  }

  /** A person confirmed a code: its device (if here) is the scale now, the others go. */
  private paired(mac: string, pairingId: string): void {
    const chosen = this.pairingSockets.get(pairingId);
    this.dropPairing(mac, pairingId, DEVICE_REJECTS.pairedElsewhere);
    // A paired scale already connected here with the old key is replaced by the new device.
    if (!chosen) return;
    this.pairingSockets.delete(pairingId);
    clearTimeout(chosen.expiry);
    this.admit(chosen.socket, chosen.hello, chosen.pairing.key)
      .then((conn) => {
        if (conn) chosen.opened(conn);
      })
      .catch((err) => {
        this.options.onError(err);
        rejectSocket(chosen.socket, DEVICE_REJECTS.serverError);
      });
  }

  /** Rejects this instance's sockets still showing a code for `mac` (but `keep`). */
  private dropPairing(
    mac: string,
    keep: string | null,
    reject: { error: string; retryAfter?: number },
  ): void {
    for (const waiting of [...this.pairingSockets.values()]) {
      if (waiting.hello.mac !== mac || waiting.pairing.id === keep) continue;
      this.forgetPairing(waiting);
      rejectSocket(waiting.socket, reject);
    }
  }

  private forgetPairing(waiting: PairingSocket): void {
    if (this.pairingSockets.get(waiting.pairing.id) !== waiting) return;
    this.pairingSockets.delete(waiting.pairing.id);
    clearTimeout(waiting.expiry);
    this.pairing.close(waiting.pairing.id, waiting.hello.mac);
  }

  private resend(): void {
    const { resend, givenUp } = this.outbox.due(Date.now());
    for (const [mac, command] of resend) this.connections.get(mac)?.send(command);
    for (const [mac, command] of givenUp) {
      const error = `No ACK for ${command.type} after repeated sends`;
      this.options.onNack?.(mac, command.cmdId, error);
      this.bus.publish('device.nack', { mac, command: command.type, error });
    }
  }

  private handle(conn: DeviceConnection, message: DeviceToServer): void {
    switch (message.type) {
      case 'WEIGHT': {
        const at = Date.now();
        if (!conn.admitSample(at)) return;
        const sample = { grams: message.grams, stable: message.stable, at };
        this.latest.set(conn.mac, sample);
        for (const listener of this.sampleListeners) {
          try {
            listener(conn.mac, sample);
          } catch (err) {
            this.options.onError(err);
          }
        }
        this.bus.publish('scale.sample', {
          mac: conn.mac,
          grams: sample.grams,
          stable: sample.stable,
          ts: at,
        });
        return;
      }
      case 'PING':
        return conn.send({ type: 'PONG' });
      case 'NACK': {
        const command = this.outbox.take(conn.mac, message.cmdId);
        this.options.onNack?.(conn.mac, message.cmdId, message.error);
        this.bus.publish('device.nack', {
          mac: conn.mac,
          command: command?.type ?? 'command',
          error: message.error,
        });
        return;
      }
      case 'ACK':
        this.outbox.ack(conn.mac, message.cmdId);
        return;
      case 'PONG':
        return; // proof of life only: lastHeardAt is already updated
      case 'HELLO':
        void this.retire(conn);
        return conn.reject(DEVICE_REJECTS.helloAgain);
    }
  }

  /** The scale is no longer this socket's: forget it, tell listeners, drop its claim. */
  private retire(conn: DeviceConnection, publish = true): Promise<void> {
    if (this.connections.get(conn.mac) !== conn) return Promise.resolve();
    this.connections.delete(conn.mac);
    this.latest.delete(conn.mac);
    this.announce(conn.mac, false, publish);
    return this.repo.release(conn.mac, conn.id, new Date()).catch(this.options.onError);
  }

  private announce(mac: string, connected: boolean, publish: boolean): void {
    for (const listener of this.connectionListeners) {
      try {
        listener(mac, connected);
      } catch (err) {
        this.options.onError(err);
      }
    }
    if (publish) this.bus.publish('scale.status', { mac, connected });
  }

  private tick(idleMs: number): void {
    const now = Date.now();
    for (const conn of [...this.connections.values()]) {
      if (now - conn.lastHeardAt > idleMs) {
        void this.retire(conn);
        conn.socket.terminate();
      } else conn.send({ type: 'PING' });
    }
    for (const waiting of [...this.pairingSockets.values()]) {
      if (now - waiting.lastHeardAt > idleMs) {
        this.forgetPairing(waiting);
        waiting.socket.terminate();
      } else waiting.socket.send(JSON.stringify({ type: 'PING' }));
    }
    const ids = [...this.connections.values()].map((conn) => conn.id);
    this.repo.refresh(ids, new Date(now)).catch(this.options.onError);
  }
}

/** REJECT { Server shutting down, retryAfter } then close 1001 (docs/DEVICE-PROTOCOL.md). */
function goAway(socket: DeviceSocket): void {
  if (socket.readyState !== socket.OPEN) return;
  const { error, retryAfter } = DEVICE_REJECTS.shuttingDown;
  socket.send(JSON.stringify({ type: 'REJECT', error, retryAfter }));
  socket.close(CLOSE_GOING_AWAY, error);
}
