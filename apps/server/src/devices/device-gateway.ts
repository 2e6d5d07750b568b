import type { WebSocket } from 'ws';
import {
  COMMAND_RESEND_MS,
  DEVICE_HELLO_TIMEOUT_MS,
  type ServerToDevice,
} from '@beerscale/contract/device-socket';
import { SOCKET_IDLE_MS } from '@beerscale/contract/limits';
import type { EventBus } from '../realtime/event-bus';
import { BridgePort } from './bridge-port';
import { CommandDelivery, type NackListener } from './command-delivery';
import { DeviceAdmission, type WelcomeListener } from './device-admission';
import {
  DeviceConnections,
  type ConnectionListener,
  type DeviceSample,
  type SampleListener,
} from './device-connections';
import { DeviceLiveness } from './device-liveness';
import { DeviceMessages, type DeviceReports } from './device-messages';
import type { DevicePairingService } from './device-pairing.service';
import type { ConnectionRecord } from './device-presence';
import { goAway } from './device-protocol';
import { DeviceSession, type SessionHost } from './device-session';
import type { DevicesRepository } from './devices.repository';
import { PairingSockets } from './pairing-sockets';
import { UnpairedSockets } from './unpaired-sockets';

export interface GatewayOptions {
  /** Prefixes connection ids, so the tables tell which instance holds a scale. */
  instanceId: string;
  helloTimeoutMs?: number;
  /** A device silent this long is dropped (docs/DEVICE-PROTOCOL.md, Heartbeat and rates). */
  idleMs?: number;
  /** An unACKed command is sent again after this long (COMMAND_RESEND_MS; tests shorten it). */
  commandResendMs?: number;
  /**
   * Unpaired device sockets per remote address, from the upgrade until WELCOME (waiting for
   * HELLO, being checked, showing a pairing code): docs/DEVICE-PROTOCOL.md, Unpaired connections
   * per network address.
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
  onNack?: NackListener;
}

export const DEFAULT_PAIRING_PER_ADDRESS = 20;
export const DEFAULT_PAIRING_TOTAL = 1_000;

/**
 * The scales' side of the server (`/ws/device`, docs/DEVICE-PROTOCOL.md): routes each socket's
 * life to the module that holds it. A socket's session (device-session.ts, its rules in
 * device-socket-steps.ts) admits it (device-admission.ts) or shows it a code
 * (pairing-sockets.ts); an admitted scale's messages are device-messages.ts, its connection and
 * samples device-connections.ts, the commands (built by device-notifier.ts) command-delivery.ts,
 * PINGs and silence device-liveness.ts, a bridged Bluetooth scale bridge-port.ts.
 */
export class DeviceGateway {
  /** The door for Bluetooth scales bridged by a browser (bridge.service.ts). */
  readonly bridge: BridgePort;
  private readonly connections: DeviceConnections;
  private readonly delivery: CommandDelivery;
  private readonly admission: DeviceAdmission;
  private readonly pairingSockets: PairingSockets;
  private readonly liveness: DeviceLiveness;
  private readonly session: SessionHost;
  private live = false;
  private closed = false;

  constructor(
    repo: DevicesRepository,
    pairing: DevicePairingService,
    bus: EventBus,
    options: GatewayOptions,
  ) {
    const { instanceId, onError } = options;
    this.connections = new DeviceConnections(repo, bus, instanceId, onError);
    this.delivery = new CommandDelivery(
      options.commandResendMs ?? COMMAND_RESEND_MS,
      bus,
      options.onNack,
    );
    this.admission = new DeviceAdmission({
      repo,
      pairing,
      bus,
      instanceId,
      connections: this.connections,
      delivery: this.delivery,
      pingAnswerMs: options.pingAnswerMs,
      isClosed: () => this.closed,
      onError,
    });
    this.pairingSockets = new PairingSockets({
      pairing,
      bus,
      admit: (socket, hello, key) => this.admission.admit(socket, hello, key),
      isClosed: () => this.closed,
      onError,
    });
    this.bridge = new BridgePort(this.admission, this.connections);
    this.session = {
      connections: this.connections,
      pairingSockets: this.pairingSockets,
      messages: new DeviceMessages(this.connections, this.delivery, options.reports, onError),
      unpaired: new UnpairedSockets(
        options.maxPairingPerAddress ?? DEFAULT_PAIRING_PER_ADDRESS,
        options.maxPairingTotal ?? DEFAULT_PAIRING_TOTAL,
      ),
      helloTimeoutMs: options.helloTimeoutMs ?? DEVICE_HELLO_TIMEOUT_MS,
      admission: this.admission,
      onIgnored: options.onIgnored,
      onError,
    };
    this.liveness = new DeviceLiveness(
      {
        connections: () => this.connections.all(),
        retire: (conn) => void this.connections.retire(conn),
        pairingSockets: () => this.pairingSockets.all(),
        forgetPairing: (waiting) => this.pairingSockets.forget(waiting),
        refreshClaims: (ids, now) => {
          repo.refresh(ids, now).catch(onError);
        },
        resend: (now) => this.delivery.resend(now, (mac) => this.connections.get(mac)),
      },
      options.idleMs ?? SOCKET_IDLE_MS,
      this.delivery.resendMs,
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
    return this.connections.onSample(listener);
  }

  /** A scale's device connected to or left this instance (a replacement is not a leave). */
  onConnectionChange(listener: ConnectionListener): () => void {
    return this.connections.onConnectionChange(listener);
  }

  /** Runs right after a WELCOME, before anything else can reach the scale (the notifier). */
  onWelcome(listener: WelcomeListener): () => void {
    return this.admission.onWelcome(listener);
  }

  /** Connected to this instance. */
  isConnected(mac: string): boolean {
    return this.connections.get(mac) !== undefined;
  }

  /** Connected to any instance: this one's sockets first, the tables for the others. */
  isOnline(record: ConnectionRecord): boolean {
    return this.connections.isOnline(record);
  }

  latestSample(mac: string): DeviceSample | undefined {
    return this.connections.latestSample(mac);
  }

  /** Local delivery; false when the scale is not connected to this instance. */
  sendCommand(mac: string, command: ServerToDevice): boolean {
    const conn = this.connections.get(mac);
    if (!conn) return false;
    this.delivery.send(conn, command);
    return true;
  }

  /** Runs one device socket until it closes (device-session.ts). */
  accept(socket: WebSocket, address = 'unknown'): void {
    // Shutting down: the device goes to another instance rather than to one about to leave.
    if (this.closed) return goAway(socket);
    new DeviceSession(socket, address, this.session);
  }

  /** Releases every claim before the sockets go, so no other instance sees a ghost. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.liveness.stop();
    this.admission.close();
    this.connections.close();
    this.pairingSockets.close();
    const all = this.connections.all();
    await Promise.all(all.map((conn) => this.connections.retire(conn)));
    // Like every refusal, the device hears why (and when to come back) before the close.
    for (const conn of all) goAway(conn.socket);
  }
}
