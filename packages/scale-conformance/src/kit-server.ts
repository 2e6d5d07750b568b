import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { SOCKET_MAX_MESSAGE_BYTES } from '@beerscale/contract/limits';

/** One message from the scale, with the kit's receipt time. */
export interface Heard {
  at: number;
  message: { type?: unknown; [field: string]: unknown };
}

/** One socket the scale opened to the kit. */
export class KitConnection {
  readonly heard: Heard[] = [];
  closedAt: number | null = null;
  closeCode: number | null = null;
  /** Set for the dead-link case: the kit neither reads nor writes, as a half-open link. */
  silenced = false;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly id: number,
    readonly socket: WebSocket,
    readonly openedAt: number,
  ) {}

  get open(): boolean {
    return this.closedAt === null;
  }

  send(message: object): void {
    if (this.silenced) return;
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /**
   * From now on nothing reaches the scale and nothing it sends is read (not even WebSocket
   * pings are answered): the link looks dead from the scale's side, as after a WiFi drop.
   */
  silence(): void {
    this.silenced = true;
    this.socket.pause();
  }

  /** Cuts the TCP connection without a close frame: the scale sees an abnormal close (1006). */
  drop(): void {
    this.socket.terminate();
  }

  /** The first message since `from` (an index into `heard`) that `matches`, or null on timeout. */
  async next(
    matches: (message: Heard['message']) => boolean,
    timeoutMs: number,
    from = 0,
  ): Promise<Heard | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.heard.slice(from).find((h) => matches(h.message));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || !this.open) return null;
      await this.wait(left);
    }
  }

  /** Resolves at the next message or close, or after `ms`. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiters.add(wake);
    });
  }

  /** @internal */ record(heard: Heard | null): void {
    if (heard) this.heard.push(heard);
    for (const wake of [...this.waiters]) wake();
  }
}

/**
 * The kit's `/ws/device` endpoint. Every socket is a KitConnection; it answers the scale's own
 * PING at once and PINGs every connection every `pingIntervalMs`, as the server does (the rest
 * of the conversation is the scenario's), and reads frames up to the server's size limit.
 */
export class KitServer {
  readonly connections: KitConnection[] = [];
  private readonly wss: WebSocketServer;
  private readonly waiters = new Set<() => void>();
  private seq = 0;
  private readonly pinger: NodeJS.Timeout;

  private constructor(wss: WebSocketServer, pingIntervalMs: number) {
    this.wss = wss;
    // The server is never silent for long, and a scale's dead-link timeout counts on it.
    this.pinger = setInterval(() => {
      for (const conn of this.connections) if (conn.open) conn.send({ type: 'PING' });
    }, pingIntervalMs);
    wss.on('connection', (socket) => {
      const conn = new KitConnection(++this.seq, socket, Date.now());
      this.connections.push(conn);
      socket.on('message', (data, isBinary) => {
        let message: Heard['message'];
        try {
          const parsed: unknown = isBinary ? null : JSON.parse(data.toString());
          message =
            typeof parsed === 'object' && parsed !== null
              ? (parsed as Heard['message'])
              : { type: '(not an object)' };
        } catch {
          message = { type: '(not JSON)' };
        }
        if (message.type === 'PING') conn.send({ type: 'PONG' });
        conn.record({ at: Date.now(), message });
      });
      socket.on('close', (code) => {
        conn.closedAt = Date.now();
        conn.closeCode = code;
        conn.record(null);
        this.wake();
      });
      socket.on('error', () => {
        // The close event follows.
      });
      this.wake();
    });
  }

  static listen(port: number, host: string, pingIntervalMs: number): Promise<KitServer> {
    return new Promise((resolve, reject) => {
      const wss = new WebSocketServer({
        port,
        host,
        path: '/ws/device',
        maxPayload: SOCKET_MAX_MESSAGE_BYTES,
      });
      wss.once('listening', () => resolve(new KitServer(wss, pingIntervalMs)));
      wss.once('error', reject);
    });
  }

  get port(): number {
    return (this.wss.address() as AddressInfo).port;
  }

  /** The first connection opened after `after` (its id), or null on timeout. */
  async nextConnection(after: number, timeoutMs: number): Promise<KitConnection | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.connections.find((c) => c.id > after);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  close(): Promise<void> {
    clearInterval(this.pinger);
    for (const conn of this.connections) conn.socket.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }

  private wake(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
