import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_GOING_AWAY, CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import {
  DEVICE_HELLO_TIMEOUT_MS,
  deviceToServerSchema,
  type DeviceToServer,
  type ServerToDevice,
} from '@beerscale/contract/device-socket';
import type { ContainerType } from '@beerscale/contract/limits';
import { SOCKET_IDLE_MS } from '@beerscale/contract/limits';
import type { EventBus } from '../realtime/event-bus';
import { DeviceConnection } from './device-connection';
import { deviceKeyMatches, hashDeviceKey, newDeviceKey } from './device-key';
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
  helloTimeoutMs?: number;
  idleMs?: number;
  settingsFor: (mac: string) => Promise<Record<string, string>>;
  onError: (err: unknown) => void;
}

/**
 * The scales' side of the server (`/ws/device`, DESIGN §8): pairing, one live connection per
 * scale, samples to the engine in this process and to watchers through the bus, commands from
 * the bus to the device connected here.
 */
export class DeviceGateway {
  private readonly connections = new Map<string, DeviceConnection>();
  private readonly latest = new Map<string, DeviceSample>();
  private readonly sampleListeners = new Set<SampleListener>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private readonly unsubscribe: (() => void)[] = [];
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: DevicesRepository,
    private readonly bus: EventBus,
    private readonly options: GatewayOptions,
  ) {
    this.unsubscribe.push(
      bus.subscribe('device.command', ({ mac, command }) => this.sendCommand(mac, command)),
      bus.subscribe('scale.settings-changed', ({ mac }) => {
        if (!this.connections.has(mac)) return;
        this.options
          .settingsFor(mac)
          .then((settings) => this.sendCommand(mac, { type: 'SETTINGS', cmdId: cmdId(), settings }))
          .catch(this.options.onError);
      }),
    );
  }

  register(app: FastifyInstance): void {
    app.get('/ws/device', { websocket: true }, (socket) => this.accept(socket));
    const idleMs = this.options.idleMs ?? SOCKET_IDLE_MS;
    this.heartbeat = setInterval(() => this.ping(idleMs), Math.min(20_000, idleMs / 2));
    this.heartbeat.unref();
  }

  onSample(listener: SampleListener): () => void {
    this.sampleListeners.add(listener);
    return () => this.sampleListeners.delete(listener);
  }

  onConnectionChange(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  isConnected(mac: string): boolean {
    return this.connections.has(mac);
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

  /** After an administrator reset the key: the device must pair again. */
  disconnect(mac: string, reason: string): void {
    this.connections.get(mac)?.close(CLOSE_POLICY, reason);
  }

  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.unsubscribe.forEach((off) => off());
    for (const conn of this.connections.values())
      conn.close(CLOSE_GOING_AWAY, 'Server shutting down');
  }

  private accept(socket: WebSocket): void {
    let conn: DeviceConnection | null = null;
    let handshaking = false;
    const timeout = setTimeout(
      () => reject(socket, 'HELLO expected within 5 seconds'),
      this.options.helloTimeoutMs ?? DEVICE_HELLO_TIMEOUT_MS,
    );

    socket.on('message', (data, isBinary) => {
      const message = isBinary ? null : parse(data.toString());
      if (!message) {
        // Before the handshake anything malformed ends the connection; after it, it is ignored.
        if (!conn) {
          clearTimeout(timeout);
          reject(socket, 'Malformed message');
        } else conn.send({ type: 'REJECT', error: 'Malformed message' });
        return;
      }
      if (!conn) {
        if (handshaking) return;
        clearTimeout(timeout);
        if (message.type !== 'HELLO') return reject(socket, 'HELLO expected first');
        handshaking = true;
        this.hello(socket, message)
          .then((accepted) => {
            conn = accepted;
          })
          .catch((err) => {
            this.options.onError(err);
            reject(socket, 'Server error');
          });
        return;
      }
      conn.lastHeardAt = Date.now();
      this.handle(conn, message);
    });

    socket.on('close', () => {
      clearTimeout(timeout);
      if (conn && this.connections.get(conn.mac) === conn) {
        this.connections.delete(conn.mac);
        this.latest.delete(conn.mac);
        this.announce(conn.mac, false);
        this.repo.seen(conn.mac, new Date()).catch(this.options.onError);
      }
    });
  }

  private async hello(
    socket: WebSocket,
    hello: Extract<DeviceToServer, { type: 'HELLO' }>,
  ): Promise<DeviceConnection | null> {
    const now = new Date();
    await this.repo.ensureScale(hello.mac, now);
    const scale = await this.repo.findScale(hello.mac);
    let key: string | undefined;
    if (!scale?.device_key_hash) {
      key = newDeviceKey();
      if (!(await this.repo.pair(hello.mac, hashDeviceKey(key)))) {
        reject(socket, 'Pairing raced with another device; connect again');
        return null;
      }
    } else if (!deviceKeyMatches(hello.key, scale.device_key_hash)) {
      reject(socket, hello.key ? 'Invalid device key' : 'Device key required');
      return null;
    }
    if (socket.readyState !== socket.OPEN) return null;

    const previous = this.connections.get(hello.mac);
    const conn = new DeviceConnection(socket, hello.mac, Date.now());
    this.connections.set(hello.mac, conn);
    previous?.close(CLOSE_POLICY, 'Replaced by a new connection');
    await this.repo.seen(hello.mac, now, { firmware: hello.firmware, model: hello.model });

    const [settings, current] = await Promise.all([
      this.options.settingsFor(hello.mac),
      this.repo.currentGame(hello.mac),
    ]);
    conn.send({
      type: 'WELCOME',
      ...(key ? { key } : {}),
      settings,
      game: current
        ? {
            gameId: current.game.id,
            containerType: current.game.container_type as ContainerType,
            players: current.players.map((p) => ({
              id: p.id,
              name: p.player_name,
              position: p.position,
            })),
          }
        : null,
    });
    this.announce(hello.mac, true);
    return conn;
  }

  private handle(conn: DeviceConnection, message: DeviceToServer): void {
    switch (message.type) {
      case 'WEIGHT': {
        const at = Date.now();
        if (!conn.admitSample(at)) return;
        const sample = { grams: message.grams, stable: message.stable, at };
        this.latest.set(conn.mac, sample);
        for (const listener of this.sampleListeners) listener(conn.mac, sample);
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
      case 'HELLO':
        return conn.send({ type: 'REJECT', error: 'Already said HELLO' });
      case 'ACK':
      case 'NACK':
      case 'PONG':
        // Commands are fire-and-forget for now; the device's answer only proves it is alive.
        return;
    }
  }

  private announce(mac: string, connected: boolean): void {
    for (const listener of this.connectionListeners) listener(mac, connected);
    this.bus.publish('scale.status', { mac, connected });
  }

  private ping(idleMs: number): void {
    const now = Date.now();
    for (const conn of this.connections.values()) {
      if (now - conn.lastHeardAt > idleMs) conn.socket.terminate();
      else conn.send({ type: 'PING' });
    }
  }
}

function parse(raw: string): DeviceToServer | null {
  try {
    const result = deviceToServerSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function reject(socket: WebSocket, error: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify({ type: 'REJECT', error }));
  socket.close(CLOSE_POLICY, error.slice(0, 100));
}

let seq = 0;
function cmdId(): string {
  seq += 1;
  return `s${Date.now().toString(36)}-${seq}`;
}
