import type {
  BrowserToServer,
  ServerToBrowser,
  ServerToBrowserMap,
  ServerToBrowserType,
} from '@beerscale/contract/browser-socket';
import { SOCKET_RECONNECT_MS } from '@beerscale/contract/limits';
import type { WatchToServer } from '@beerscale/contract/watch';
import type { HealthHooks, SocketHealth } from './socket-health';
import type { SocketProtocol } from './socket-protocol';

export type SocketListener<K extends ServerToBrowserType> = (
  message: ServerToBrowserMap[K],
) => void;

/** The part of the browser's WebSocket the client uses (tests inject a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketClientOptions {
  /** The socket's URL for a token (/ws?token=..., same host). */
  url: (token: string) => string;
  getToken: () => string | null;
  /**
   * A message sent first on every open, before anything queued: a seat's phone names its seat
   * on the watch socket this way, since its token must not go in the URL (features/seats).
   */
  greeting?: (token: string) => WatchToServer;
  /** Asks the server about the token; resolves false only when it is definitely no longer valid. */
  recheckToken: () => Promise<boolean>;
  /** The contract's codes and parser, loaded on first connect (it carries zod). */
  loadProtocol: () => Promise<SocketProtocol>;
  createSocket?: (url: string) => SocketLike;
  reconnectMs?: number;
  /**
   * How often an open socket asks the server for a PONG (off when absent). A socket whose PONG
   * does not come within `pongWaitMs` is taken for dead: a dropped network often closes
   * nothing, and the screen must not keep saying "Live" over frozen numbers.
   */
  livenessMs?: number;
  pongWaitMs?: number;
  /** The browser's online/offline events (absent in tests that do not drive them). */
  network?: NetworkLike;
}

/** The part of `window` the client listens to for the browser going offline and back. */
export interface NetworkLike {
  readonly navigator: { readonly onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/**
 * What the screens say about the channel: `connecting` before the first open (no banner),
 * `open`, `reconnecting` after a close or a missed PONG, `offline` while the browser is.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'offline';

export const DEFAULT_LIVENESS_MS = 5_000;

const OPEN = 1;

/**
 * The live channel (docs/ARCHITECTURE.md, Live channel and presence):
 * - opened after login (start), closed normally on logout (stop);
 * - any close other than 1000 reconnects after 5 s, except a 1008 (policy) close whose token
 *   the server no longer accepts;
 * - PING is answered with PONG; an ERROR that mentions the token has the token rechecked;
 * - features subscribe per message type with `on`, typed by the contract's ServerToBrowserMap.
 */
export class SocketClient {
  private socket: SocketLike | null = null;
  private protocol: SocketProtocol | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private connecting = false;
  private readonly listeners = new Map<ServerToBrowserType, Set<(message: never) => void>>();
  private readonly connectListeners = new Set<() => void>();
  private readonly outbox: BrowserToServer[] = [];
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private currentStatus: ConnectionStatus = 'connecting';
  /** Liveness and network (socket-health.ts), created with the lazily loaded protocol. */
  private health: SocketHealth | null = null;

  constructor(private readonly options: SocketClientOptions) {}

  /** Starts (or keeps) the connection; harmless when already running. */
  start(): void {
    this.running = true;
    if (!this.socket && !this.timer) void this.connect();
  }

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  /** Called with every change of `status`; returns the unsubscribe function. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Logout or a dead session: close normally, forget queued messages, do not come back. */
  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.health?.stop();
    this.health = null;
    this.outbox.length = 0;
    const socket = this.socket;
    this.socket = null;
    if (socket && this.protocol) socket.close(this.protocol.closeNormal, 'logout');
  }

  /** Sends now, or as soon as the connection is open. */
  send(message: BrowserToServer): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
    else if (this.running) this.outbox.push(message);
  }

  /** Subscribes to one server message type; returns the unsubscribe function. */
  on<K extends ServerToBrowserType>(type: K, listener: SocketListener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    const stored = listener as (message: never) => void;
    set.add(stored);
    return () => set.delete(stored);
  }

  /**
   * Called on every (re)connect. The server forgets per-connection state such as a selected
   * scale, so features that rely on it send it again from here.
   */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  private async connect(): Promise<void> {
    if (this.connecting) return;
    this.connecting = true;
    try {
      this.protocol ??= await this.options.loadProtocol();
    } catch {
      // The chunk could not be fetched (offline): try again later like any other failure.
      this.connecting = false;
      this.scheduleReconnect();
      return;
    }
    this.connecting = false;
    this.health ??= this.running
      ? (this.protocol.health?.(this.hooks, this.options) ?? null)
      : null;
    const token = this.options.getToken();
    if (!this.running || !token || this.socket) return;

    const protocol = this.protocol;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url(token));
    this.socket = socket;
    socket.onopen = () => {
      if (this.options.greeting) socket.send(JSON.stringify(this.options.greeting(token)));
      this.setStatus('open');
      this.health?.opened(socket);
      for (const message of this.outbox.splice(0)) socket.send(JSON.stringify(message));
      for (const listener of [...this.connectListeners]) listener();
    };
    socket.onmessage = (event) => {
      this.health?.heard();
      const message = protocol.parse(String(event.data));
      if (message) this.dispatch(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.health?.quiet();
      if (this.running && event.code !== protocol.closeNormal) {
        this.setStatus(this.health?.lost() ?? 'reconnecting');
      }
      void this.afterClose(event.code, protocol);
    };
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private readonly hooks: HealthHooks = {
    setStatus: (status) => this.setStatus(status),
    current: () => this.socket,
    running: () => this.running,
    abandon: (socket) => {
      // Its close handshake could hang for minutes: forgotten at once, a new one is tried.
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus(this.health?.lost() ?? 'reconnecting');
      socket.onclose = null;
      socket.onmessage = null;
      try {
        socket.close();
      } catch {
        // Already closing.
      }
      this.scheduleReconnect();
    },
    reconnectNow: () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.connect();
    },
  };

  private async afterClose(code: number, protocol: SocketProtocol): Promise<void> {
    if (!this.running || code === protocol.closeNormal) return;
    if (code === protocol.closePolicy) {
      const stillValid = await this.options.recheckToken();
      // The session may have ended while the server was asked.
      if (!stillValid || !this.running) return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.options.reconnectMs ?? SOCKET_RECONNECT_MS);
  }

  private dispatch(message: ServerToBrowser): void {
    if (message.type === 'PING') this.send({ type: 'PONG' });
    if (message.type === 'ERROR' && /token/i.test(message.message)) {
      void this.options.recheckToken();
    }
    for (const listener of [...(this.listeners.get(message.type) ?? [])]) {
      (listener as (m: ServerToBrowser) => void)(message);
    }
  }
}
