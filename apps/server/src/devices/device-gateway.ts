import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { CLOSE_GOING_AWAY, CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import {
  DEVICE_HELLO_TIMEOUT_MS,
  type DeviceToServer,
  type DeviceToServerMap,
  type ServerToDevice,
  type ServerToDeviceMap,
} from '@beerscale/contract/device-socket';
import { SOCKET_IDLE_MS } from '@beerscale/contract/limits';
import type { EventBus } from '../realtime/event-bus';
import { DeviceConnection } from './device-connection';
import type { DevicePairingService } from './device-pairing.service';
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
  onError: (err: unknown) => void;
  /** Commands are not retried; a device's refusal is worth a log line. */
  onNack?: (mac: string, cmdId: string, error: string) => void;
}

export const KEY_RESET_REASON = 'Pairing key reset by an administrator';
export const REPLACED_REASON = 'replaced';

/**
 * The scales' side of the server (`/ws/device`, DESIGN §8): the socket lifecycle, one live
 * connection per scale, samples to the engine in this process and to watchers through the bus,
 * commands from the bus to the device connected here. Pairing decisions live in the pairing
 * service; which socket holds a scale is also written to the tables so every instance can tell.
 */
export class DeviceGateway {
  private connectionSeq = 0;
  private readonly connections = new Map<string, DeviceConnection>();
  private readonly latest = new Map<string, DeviceSample>();
  private readonly sampleListeners = new Set<SampleListener>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private readonly unsubscribe: (() => void)[] = [];
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly repo: DevicesRepository,
    private readonly pairing: DevicePairingService,
    private readonly bus: EventBus,
    private readonly options: GatewayOptions,
  ) {
    this.unsubscribe.push(
      bus.subscribe('device.command', ({ mac, command }) => this.sendCommand(mac, command)),
      bus.subscribe('scale.settings-changed', ({ mac }) => {
        if (!this.connections.has(mac)) return;
        this.pairing
          .deviceSettings(mac)
          .then((settings) =>
            this.sendCommand(mac, { type: 'SETTINGS', cmdId: randomUUID(), settings }),
          )
          .catch(this.options.onError);
      }),
      bus.subscribe('device.claimed', ({ mac, connectionId }) => {
        // Another instance accepted this scale: the older socket here must not keep streaming.
        const conn = this.connections.get(mac);
        if (!conn || conn.id === connectionId) return;
        void this.retire(conn, false);
        conn.close(CLOSE_POLICY, REPLACED_REASON);
      }),
      bus.subscribe('scale.key-reset', ({ mac }) => {
        const conn = this.connections.get(mac);
        if (!conn) return;
        void this.retire(conn);
        conn.reject(KEY_RESET_REASON);
      }),
    );
  }

  /** PING every device and drop the silent ones; refresh this instance's claims. */
  startHeartbeat(): void {
    if (this.heartbeat || this.closed) return;
    const idleMs = this.options.idleMs ?? SOCKET_IDLE_MS;
    this.heartbeat = setInterval(() => this.tick(idleMs), Math.min(20_000, idleMs / 2));
    this.heartbeat.unref();
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
    return true;
  }

  /** Releases every claim before the sockets go, so no other instance sees a ghost. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.unsubscribe.forEach((off) => off());
    const all = [...this.connections.values()];
    await Promise.all(all.map((conn) => this.retire(conn)));
    for (const conn of all) conn.close(CLOSE_GOING_AWAY, 'Server shutting down');
  }

  /** Runs one device socket: HELLO within the timeout, then the protocol until it closes. */
  accept(socket: WebSocket): void {
    if (this.closed) {
      // Shutting down: the device goes to another instance rather than to one about to leave.
      socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
      return;
    }
    let state: 'waiting' | 'handshaking' | 'open' = 'waiting';
    let conn: DeviceConnection | null = null;
    const helloMs = this.options.helloTimeoutMs ?? DEVICE_HELLO_TIMEOUT_MS;
    const timeout = setTimeout(
      () => rejectSocket(socket, `HELLO expected within ${helloMs / 1000} seconds`),
      helloMs,
    );

    socket.on('message', (data, isBinary) => {
      // A replaced or retired socket's words no longer count.
      if (conn && this.connections.get(conn.mac) !== conn) return;
      const parsed = parseDeviceMessage(data, isBinary);
      if (!parsed.ok) {
        clearTimeout(timeout);
        if (conn) void this.retire(conn);
        rejectSocket(socket, parsed.error);
        return;
      }
      if (state === 'handshaking') return; // the device must wait for WELCOME
      if (state === 'waiting') {
        clearTimeout(timeout);
        if (parsed.message.type !== 'HELLO') return rejectSocket(socket, 'HELLO expected first');
        state = 'handshaking';
        this.handshake(socket, parsed.message)
          .then((accepted) => {
            conn = accepted;
            if (accepted) state = 'open';
          })
          .catch((err) => {
            this.options.onError(err);
            rejectSocket(socket, 'Server error; connect again');
          });
        return;
      }
      if (!conn) return;
      conn.lastHeardAt = Date.now();
      this.handle(conn, parsed.message);
    });

    socket.on('close', () => {
      clearTimeout(timeout);
      if (conn) void this.retire(conn);
    });
  }

  private async handshake(
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
  ): Promise<DeviceConnection | null> {
    const now = new Date();
    const outcome = await this.pairing.authenticate(hello, now);
    if (!outcome.accepted) {
      rejectSocket(socket, outcome.error);
      return null;
    }
    const { newKey } = outcome;
    this.connectionSeq += 1;
    const id = `${this.options.instanceId}.${this.connectionSeq}`;
    let welcome: ServerToDeviceMap['WELCOME'];
    try {
      welcome = await this.pairing.welcome(hello.mac, newKey);
      await this.repo.claim(hello.mac, id, now, { firmware: hello.firmware, model: hello.model });
    } catch (err) {
      if (newKey) await this.pairing.forget(hello.mac, newKey).catch(this.options.onError);
      throw err;
    }
    // The socket may have gone (or the server begun to stop) while the tables answered.
    if (socket.readyState !== socket.OPEN || this.closed) {
      await this.repo.release(hello.mac, id, new Date());
      if (newKey) await this.pairing.forget(hello.mac, newKey);
      rejectSocket(socket, 'Server shutting down');
      return null;
    }
    // Nothing below awaits: no command and no close can slip in before WELCOME.
    const conn = new DeviceConnection(socket, hello.mac, id, Date.now());
    const previous = this.connections.get(hello.mac);
    this.connections.set(hello.mac, conn);
    this.latest.delete(hello.mac);
    previous?.close(CLOSE_POLICY, REPLACED_REASON);
    conn.send(welcome);
    this.announce(hello.mac, true, true);
    this.bus.publish('device.claimed', { mac: hello.mac, connectionId: id });
    return conn;
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
      case 'NACK':
        this.options.onNack?.(conn.mac, message.cmdId, message.error);
        return;
      case 'ACK':
      case 'PONG':
        return; // proof of life only: lastHeardAt is already updated
      case 'HELLO':
        void this.retire(conn);
        return conn.reject('HELLO already received');
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
    const ids = [...this.connections.values()].map((conn) => conn.id);
    this.repo.refresh(ids, new Date(now)).catch(this.options.onError);
  }
}
