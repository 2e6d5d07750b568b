import {
  CLOSE_NORMAL,
  CLOSE_POLICY,
  serverToBrowserSchema,
  type BrowserToServer,
  type ServerToBrowser,
  type ServerToBrowserMap,
  type ServerToBrowserType,
} from '@beerscale/contract/browser-socket';
import { SOCKET_RECONNECT_MS } from '@beerscale/contract/limits';

type Listener<K extends ServerToBrowserType> = (message: ServerToBrowserMap[K]) => void;

export interface SocketClientOptions {
  url: (token: string) => string;
  getToken: () => string | null;
  /** Re-checks the token with the server; resolves false when it is no longer valid. */
  recheckToken: () => Promise<boolean>;
  createSocket?: (url: string) => WebSocket;
  reconnectMs?: number;
  onOpen?: () => void;
}

/**
 * The live channel (SPEC §4): reconnects 5 s after any close but a normal one, not after a
 * policy close (1008) whose token turned out dead; answers PING; an ERROR about the token
 * triggers a recheck. Features subscribe per message type.
 */
export class SocketClient {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private readonly listeners = new Map<ServerToBrowserType, Set<(message: never) => void>>();
  private readonly outbox: BrowserToServer[] = [];

  constructor(private readonly options: SocketClientOptions) {}

  start(): void {
    this.stopped = false;
    if (!this.socket) this.connect();
  }

  /** Logout: close normally and do not come back. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(CLOSE_NORMAL, 'logout');
  }

  send(message: BrowserToServer): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
    else this.outbox.push(message);
  }

  on<K extends ServerToBrowserType>(type: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    const untyped = listener as (message: never) => void;
    set.add(untyped);
    return () => set.delete(untyped);
  }

  get connected(): boolean {
    return this.socket?.readyState === 1;
  }

  private connect(): void {
    const token = this.options.getToken();
    if (!token || this.stopped) return;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url(token));
    this.socket = socket;
    socket.onopen = () => {
      while (this.outbox.length) socket.send(JSON.stringify(this.outbox.shift()));
      this.options.onOpen?.();
    };
    socket.onmessage = (event: MessageEvent) => this.receive(String(event.data));
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      void this.afterClose(event.code);
    };
  }

  private async afterClose(code: number): Promise<void> {
    if (this.stopped || code === CLOSE_NORMAL) return;
    if (code === CLOSE_POLICY && !(await this.options.recheckToken())) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, this.options.reconnectMs ?? SOCKET_RECONNECT_MS);
  }

  private receive(raw: string): void {
    let message: ServerToBrowser;
    try {
      const parsed = serverToBrowserSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    if (message.type === 'PING') this.send({ type: 'PONG' });
    if (message.type === 'ERROR' && /token/i.test(message.message))
      void this.options.recheckToken();
    for (const listener of this.listeners.get(message.type) ?? []) {
      (listener as (m: typeof message) => void)(message);
    }
  }
}
