import type { WebSocket } from 'ws';
import { CLOSE_GOING_AWAY } from '@beerscale/contract/browser-socket';
import { DEVICE_REJECTS, HELLO_TIMEOUT_PREFIX } from '@beerscale/contract/device-rejects';
import {
  COMMAND_RESEND_MS,
  DEVICE_HELLO_TIMEOUT_MS,
  WIFI_FAILED,
  type DeviceGame,
  type DeviceToServer,
  type DeviceToServerMap,
  type ServerToDevice,
} from '@beerscale/contract/device-socket';
import { SOCKET_IDLE_MS } from '@beerscale/contract/limits';
import { UnpairedSockets } from './unpaired-sockets';
import type { EventBus } from '../realtime/event-bus';
import { CommandOutbox, isAcked } from './command-outbox';
import { DeviceAdmission } from './device-admission';
import { DeviceConnection, type DeviceSocket } from './device-connection';
import { DeviceLiveness } from './device-liveness';
import type { DevicePairingService } from './device-pairing.service';
import { recordSaysOnline, type ConnectionRecord } from './device-presence';
import { parseDeviceMessage, rejectSocket } from './device-protocol';
import type { DevicesRepository } from './devices.repository';
import { PairingSockets, type PairingSocket } from './pairing-sockets';

export interface DeviceSample {
  grams: number;
  stable: boolean;
  /** Server receipt time (ms): the engine times stability by this, not by the device's clock. */
  at: number;
}

type SampleListener = (mac: string, sample: DeviceSample) => void;
type ConnectionListener = (mac: string, connected: boolean) => void;
type WelcomeListener = (mac: string, game: DeviceGame) => void;

/** What a scale reports on its own (protocol 1.1 STATUS), stored with its settings. */
export interface DeviceReports {
  /** Joining `ssid` failed; false when it is not the network the server sends (ignored). */
  wifiFailed(mac: string, ssid: string): Promise<boolean>;
  /** The scale calibrated itself; false when the factor is out of range (ignored). */
  calibrated(mac: string, factor: number): Promise<boolean>;
}

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
  /** How long a connected scale has to answer the PING that decides "Key in use". */
  pingAnswerMs?: number;
  reports?: DeviceReports;
  /** Unpaired device sockets on this instance overall (past it, the busiest address yields). */
  maxPairingTotal?: number;
  onError: (err: unknown) => void;
  /** A message type this server does not know (protocol 1.1: ignored), once per connection. */
  onIgnored?: (type: string, mac: string | null) => void;
  /** A device's refusal of a command (its leader is told too), or a command never ACKed. */
  onNack?: (mac: string, cmdId: string, error: string) => void;
}

export const DEFAULT_PAIRING_PER_ADDRESS = 20;
export const DEFAULT_PAIRING_TOTAL = 1_000;

/**
 * The scales' side of the server (`/ws/device`, DESIGN §8): the socket lifecycle, one live
 * connection per scale, samples to the engine in this process and to watchers through the bus,
 * commands (built by device-notifier.ts) to the device connected here. Letting a device in is
 * device-admission.ts, sockets showing a code pairing-sockets.ts (pairing decisions live in the
 * pairing service), PINGs and silence device-liveness.ts; which socket holds a scale is also
 * written to the tables so every instance can tell.
 */
export class DeviceGateway {
  private readonly connections = new Map<string, DeviceConnection>();
  private readonly latest = new Map<string, DeviceSample>();
  private readonly sampleListeners = new Set<SampleListener>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private readonly welcomeListeners = new Set<WelcomeListener>();
  private readonly pairingSockets: PairingSockets;
  private readonly admission: DeviceAdmission;
  private readonly liveness: DeviceLiveness;
  private readonly unpaired: UnpairedSockets;
  private readonly outbox: CommandOutbox;
  private readonly unsubscribe: (() => void)[] = [];
  private live = false;
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
    this.pairingSockets = new PairingSockets(pairing);
    this.admission = new DeviceAdmission(
      repo,
      pairing,
      bus,
      options.instanceId,
      options.pingAnswerMs,
    );
    this.liveness = new DeviceLiveness(
      {
        connections: () => [...this.connections.values()],
        retire: (conn) => void this.retire(conn),
        pairingSockets: () => this.pairingSockets.all(),
        forgetPairing: (waiting) => this.pairingSockets.forget(waiting),
        refreshClaims: (ids, now) => {
          this.repo.refresh(ids, now).catch(this.options.onError);
        },
        resend: (now) => this.resend(now),
      },
      options.idleMs ?? SOCKET_IDLE_MS,
      this.outbox.resendMs,
    );
    this.unsubscribe.push(
      bus.subscribe('device.claimed', ({ mac, connectionId }) => {
        // Another instance accepted this scale: the older socket here must not keep streaming.
        const conn = this.connections.get(mac);
        if (!conn || conn.id === connectionId) return;
        void this.retire(conn, false);
        conn.reject(DEVICE_REJECTS.replaced);
      }),
      // A newer device of the same address displaced a code shown here (pairing service).
      bus.subscribe('device.pairing-closed', ({ id }) => this.pairingSockets.displaced(id)),
      bus.subscribe('scale.key-reset', ({ mac }) => {
        const conn = this.connections.get(mac);
        if (!conn) return;
        void this.retire(conn);
        conn.reject(DEVICE_REJECTS.keyReset);
      }),
      bus.subscribe('device.paired', ({ mac, pairingId }) => this.paired(mac, pairingId)),
      bus.subscribe('device.pairing-wrong-code', ({ mac }) => {
        // The pairing service dropped the address when the limit was reached.
        if (this.pairing.isRequested(mac)) return;
        this.pairingSockets.drop(mac, null, DEVICE_REJECTS.pairingWrongCodes);
      }),
    );
  }

  /** PING every device and drop the silent ones; refresh this instance's claims. */
  startHeartbeat(): void {
    if (this.live || this.closed) return;
    this.live = true;
    this.liveness.start();
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

  /** Runs right after a WELCOME, before anything else can reach the scale (the notifier). */
  onWelcome(listener: WelcomeListener): () => void {
    this.welcomeListeners.add(listener);
    return () => this.welcomeListeners.delete(listener);
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
    this.liveness.stop();
    this.admission.close();
    this.unsubscribe.forEach((off) => off());
    const all = [...this.connections.values()];
    await Promise.all(all.map((conn) => this.retire(conn)));
    // Like every refusal, the device hears why (and when to come back) before the close; the
    // close is 1001, not 1008: another instance can take it at once.
    for (const conn of all) goAway(conn.socket);
    for (const waiting of this.pairingSockets.all()) {
      this.pairingSockets.forget(waiting);
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
      if (waiting) this.pairingSockets.forget(waiting);
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
    const ignoredTypes = new Set<string>();
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
      if (parsed.ok === 'ignored') {
        // HELLO still comes first: before it, an unknown type is refused as any other.
        if (state === 'waiting') {
          clearTimeout(timeout);
          return rejectSocket(socket, DEVICE_REJECTS.helloFirst);
        }
        // A newer firmware's message: proof of life, nothing more (protocol 1.1).
        if (conn) conn.heard(Date.now());
        if (waiting) waiting.lastHeardAt = Date.now();
        if (!ignoredTypes.has(parsed.type)) {
          ignoredTypes.add(parsed.type);
          this.options.onIgnored?.(parsed.type, conn?.mac ?? waiting?.hello.mac ?? null);
        }
        return;
      }
      if (!parsed.ok) {
        clearTimeout(timeout);
        if (conn) void this.retire(conn);
        if (waiting) this.pairingSockets.forget(waiting);
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
          this.pairingSockets.forget(waiting);
          rejectSocket(socket, DEVICE_REJECTS.helloAgain);
        }
        return;
      }
      if (!conn) return;
      conn.heard(Date.now());
      this.handle(conn, parsed.message);
    });

    socket.on('close', () => {
      clearTimeout(timeout);
      leaveUnpaired();
      if (conn) void this.retire(conn);
      if (waiting) this.pairingSockets.forget(waiting);
    });
  }

  /** A device with its key is let in; any other device is to be paired by code. */
  private async handshake(
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
  ): Promise<DeviceConnection | 'pair' | null> {
    const outcome = await this.pairing.authenticate(hello);
    if (!outcome.paired) return 'pair';
    const connected = this.connections.get(hello.mac);
    if (
      (await this.admission.keepsPlace(connected)) &&
      this.connections.get(hello.mac) === connected
    ) {
      rejectSocket(socket, DEVICE_REJECTS.keyInUse);
      return null;
    }
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
    conn.heard(Date.now());
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
    const { id, welcome } = await this.admission.admit(hello, newKey);
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
    // What the scale was told before may be lost: the notifier says the game again.
    this.outbox.forget(hello.mac);
    for (const listener of this.welcomeListeners) {
      try {
        listener(hello.mac, welcome.game);
      } catch (err) {
        this.options.onError(err);
      }
    }
    this.announce(hello.mac, true, true);
    this.bus.publish('device.claimed', { mac: hello.mac, connectionId: id });
    return conn;
  }

  /** PAIRING { code } on the device's screen; null when refused or too late. */
  private startPairing(
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
    opened: (conn: DeviceConnection) => void,
  ): PairingSocket | null {
    if (socket.readyState !== socket.OPEN || this.closed) return null;
    return this.pairingSockets.open(socket, hello, opened);
  }

  /** A person confirmed a code: its device (if here) is the scale now, the others go. */
  private paired(mac: string, pairingId: string): void {
    // A paired scale already connected here with the old key is replaced by the new device.
    const chosen = this.pairingSockets.confirmed(mac, pairingId);
    if (!chosen) return;
    this.admit(chosen.socket, chosen.hello, chosen.pairing.key)
      .then((conn) => {
        if (conn) chosen.opened(conn);
      })
      .catch((err) => {
        this.options.onError(err);
        rejectSocket(chosen.socket, DEVICE_REJECTS.serverError);
      });
  }

  private resend(now: number): void {
    const { resend, givenUp } = this.outbox.due(now);
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
      case 'STATUS':
        return this.status(conn.mac, message);
      case 'HELLO':
        void this.retire(conn);
        return conn.reject(DEVICE_REJECTS.helloAgain);
    }
  }

  /** Protocol 1.1: what the scale found out itself, kept with its settings. */
  private status(mac: string, message: DeviceToServerMap['STATUS']): void {
    const reports = this.options.reports;
    if (!reports) return;
    if (message.wifi === WIFI_FAILED && message.ssid) {
      reports.wifiFailed(mac, message.ssid).catch(this.options.onError);
    }
    if (message.calibrated !== undefined) {
      reports.calibrated(mac, message.calibrated).catch(this.options.onError);
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
}

/** REJECT { Server shutting down, retryAfter } then close 1001 (docs/DEVICE-PROTOCOL.md). */
function goAway(socket: DeviceSocket): void {
  if (socket.readyState !== socket.OPEN) return;
  const { error, retryAfter } = DEVICE_REJECTS.shuttingDown;
  socket.send(JSON.stringify({ type: 'REJECT', error, retryAfter }));
  socket.close(CLOSE_GOING_AWAY, error);
}
