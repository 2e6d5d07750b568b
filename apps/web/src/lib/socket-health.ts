import type { ConnectionStatus, NetworkLike, SocketLike } from './socket-client';

/** What the health watch may do to its client: small hooks, so the client stays small. */
export interface HealthHooks {
  setStatus(status: ConnectionStatus): void;
  /** Forgets a socket that is dead without a close and schedules the next one. */
  abandon(socket: SocketLike): void;
  /** Connects now instead of waiting out the reconnect delay. */
  reconnectNow(): void;
  current(): SocketLike | null;
  running(): boolean;
}

export interface HealthOptions {
  livenessMs?: number;
  pongWaitMs?: number;
  network?: NetworkLike;
}

export const DEFAULT_PONG_WAIT_MS = 1_500;

/**
 * The socket's liveness and the browser's network, apart from the client: it is loaded with
 * the protocol once there is a session to connect for, so the public pages carry none of it.
 * An open socket is asked for a PONG every `livenessMs`; one whose PONG does not come within
 * `pongWaitMs` is taken for dead (a dropped network often closes nothing). The browser going
 * offline says so at once; coming back online reconnects at once.
 */
export class SocketHealth {
  private livenessTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly hooks: HealthHooks,
    private readonly options: HealthOptions,
  ) {
    options.network?.addEventListener('offline', this.wentOffline);
    options.network?.addEventListener('online', this.cameOnline);
    if (options.network?.navigator.onLine === false) hooks.setStatus('offline');
  }

  /** The status after a lost socket: offline while the browser is, else reconnecting. */
  lost(): ConnectionStatus {
    return this.options.network?.navigator.onLine === false ? 'offline' : 'reconnecting';
  }

  opened(socket: SocketLike): void {
    const every = this.options.livenessMs;
    this.quiet();
    if (!every) return;
    this.livenessTimer = setInterval(() => {
      if (this.hooks.current() !== socket || this.pongTimer) return;
      socket.send(JSON.stringify({ type: 'PING' }));
      this.pongTimer = setTimeout(() => {
        this.quiet();
        this.hooks.abandon(socket);
      }, this.options.pongWaitMs ?? DEFAULT_PONG_WAIT_MS);
    }, every);
  }

  /** Anything from the server shows the socket is alive, not only the PONG asked for. */
  heard(): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  /** The socket closed (or was given up): no more PINGs for it. */
  quiet(): void {
    if (this.livenessTimer) clearInterval(this.livenessTimer);
    this.heard();
    this.livenessTimer = null;
  }

  stop(): void {
    this.quiet();
    this.options.network?.removeEventListener('offline', this.wentOffline);
    this.options.network?.removeEventListener('online', this.cameOnline);
  }

  private readonly wentOffline = () => {
    if (!this.hooks.running()) return;
    this.hooks.setStatus('offline');
    const socket = this.hooks.current();
    if (socket) {
      this.quiet();
      this.hooks.abandon(socket);
    }
  };

  private readonly cameOnline = () => {
    if (!this.hooks.running()) return;
    this.hooks.setStatus('reconnecting');
    if (!this.hooks.current()) this.hooks.reconnectNow();
  };
}
