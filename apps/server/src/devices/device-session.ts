import type { RawData, WebSocket } from 'ws';
import { DEVICE_REJECTS, HELLO_TIMEOUT_PREFIX } from '@beerscale/contract/device-rejects';
import type { DeviceToServerMap } from '@beerscale/contract/device-socket';
import type { DeviceAdmission } from './device-admission';
import type { DeviceConnection } from './device-connection';
import type { DeviceConnections } from './device-connections';
import type { DeviceMessages } from './device-messages';
import { parseDeviceMessage, rejectSocket } from './device-protocol';
import { socketStep, type SocketState } from './device-socket-steps';
import type { PairingSocket, PairingSockets } from './pairing-sockets';
import type { UnpairedPlace, UnpairedSockets } from './unpaired-sockets';

/** What a device socket's session needs of the gateway. */
export interface SessionHost {
  readonly connections: DeviceConnections;
  readonly pairingSockets: PairingSockets;
  readonly messages: DeviceMessages;
  readonly unpaired: UnpairedSockets;
  readonly helloTimeoutMs: number;
  readonly admission: Pick<DeviceAdmission, 'handshake'>;
  /** A message type this server does not know (protocol 1.1: ignored), once per socket. */
  onIgnored?: (type: string, mac: string | null) => void;
  onError: (err: unknown) => void;
}

/**
 * One device socket from the upgrade to its close: HELLO within the timeout; then either the
 * protocol (a valid key) or a pairing code on its screen until a person confirms it; then the
 * protocol until it closes. What each frame leads to is device-socket-steps.ts; this runs it.
 */
export class DeviceSession {
  private state: SocketState = 'waiting';
  private conn: DeviceConnection | null = null;
  private waiting: PairingSocket | null = null;
  private readonly place: UnpairedPlace;
  private readonly timeout: NodeJS.Timeout;
  private readonly ignoredTypes = new Set<string>();

  constructor(
    private readonly socket: WebSocket,
    address: string,
    private readonly host: SessionHost,
  ) {
    // Counted from the upgrade: a socket that never says HELLO costs as much as one showing a
    // code, and before HELLO nobody can tell a paired scale from an attacker's socket.
    // Never refused for lack of room: the oldest unpaired socket of the address (or of the
    // busiest address) makes room, so a genuine scale can always show its code.
    this.place = host.unpaired.take(address, () => {
      clearTimeout(this.timeout);
      if (this.waiting) host.pairingSockets.forget(this.waiting);
      rejectSocket(socket, DEVICE_REJECTS.pairingBusy);
    });
    const helloMs = host.helloTimeoutMs;
    this.timeout = setTimeout(
      () => rejectSocket(socket, `${HELLO_TIMEOUT_PREFIX} ${helloMs / 1000} seconds`),
      helloMs,
    );
    socket.on('message', (data, isBinary) => this.received(data, isBinary));
    socket.on('close', () => this.closed());
  }

  private received(data: RawData, isBinary: boolean): void {
    const { conn, waiting } = this;
    // A replaced or retired socket's words no longer count.
    if (conn && !this.host.connections.isCurrent(conn)) return;
    const step = socketStep(this.state, parseDeviceMessage(data, isBinary));
    switch (step.kind) {
      case 'refuse':
        clearTimeout(this.timeout);
        if (conn) void this.host.connections.retire(conn);
        if (waiting) this.host.pairingSockets.forget(waiting);
        return rejectSocket(this.socket, step.reason);
      case 'unknown-type':
        // A newer firmware's message: proof of life, nothing more (protocol 1.1).
        if (conn) conn.heard(Date.now());
        if (waiting) waiting.lastHeardAt = Date.now();
        if (!this.ignoredTypes.has(step.type)) {
          this.ignoredTypes.add(step.type);
          this.host.onIgnored?.(step.type, conn?.mac ?? waiting?.hello.mac ?? null);
        }
        return;
      case 'ignore':
        return;
      case 'hello':
        return this.hello(step.hello);
      case 'pairing-alive':
        if (waiting) waiting.lastHeardAt = Date.now();
        if (step.pong) this.socket.send(JSON.stringify({ type: 'PONG' }));
        return;
      case 'message':
        if (!conn) return;
        conn.heard(Date.now());
        return this.host.messages.handle(conn, step.message);
    }
  }

  private hello(hello: DeviceToServerMap['HELLO']): void {
    clearTimeout(this.timeout);
    this.state = 'handshaking';
    this.host.admission
      .handshake(this.socket, hello)
      .then((outcome) => {
        if (outcome === 'pair') {
          this.waiting = this.host.pairingSockets.open(this.socket, hello, (conn) =>
            this.opened(conn),
          );
          if (this.waiting) this.state = 'pairing';
        } else if (outcome) this.opened(outcome);
      })
      .catch((err) => {
        this.host.onError(err);
        rejectSocket(this.socket, DEVICE_REJECTS.serverError);
      });
  }

  private opened(conn: DeviceConnection): void {
    this.conn = conn;
    this.state = 'open';
    // A paired scale no longer counts: any number of them may play behind one router.
    this.host.unpaired.release(this.place);
  }

  private closed(): void {
    clearTimeout(this.timeout);
    this.host.unpaired.release(this.place);
    if (this.conn) void this.host.connections.retire(this.conn);
    if (this.waiting) this.host.pairingSockets.forget(this.waiting);
  }
}
