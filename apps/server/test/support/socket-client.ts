import { afterAll } from 'vitest';
import WebSocket, { type ClientOptions } from 'ws';
import { roundTrip } from './round-trip';

export interface TestSocket {
  ws: WebSocket;
  messages: any[];
  /** Resolves with the next message of that type (already received ones count). */
  next(type: string, timeoutMs?: number): Promise<any>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  send(message: unknown): void;
  /** PING, then the PONG that answers it: whatever the server sent before has arrived. */
  roundTrip(): Promise<void>;
  close(): void;
}

/** A real WebSocket client that records everything it hears. */
export function openSocket(
  url: string,
  headers: Record<string, string> = {},
  options: ClientOptions = {},
): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { ...options, headers });
    const messages: any[] = [];
    const waiters: { type: string; resolve: (m: any) => void }[] = [];
    let consumed = 0;
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.type === message.type) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    const socket: TestSocket = {
      ws,
      messages,
      closed,
      next(type, timeoutMs = 5000) {
        const index = messages.findIndex((m, i) => i >= consumed && m.type === type);
        if (index >= 0) {
          consumed = index + 1;
          return Promise.resolve(messages[index]);
        }
        return new Promise((done, fail) => {
          const timer = setTimeout(
            () =>
              fail(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
            timeoutMs,
          );
          waiters.push({
            type,
            resolve: (m) => {
              clearTimeout(timer);
              consumed = messages.length;
              done(m);
            },
          });
        });
      },
      send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
      roundTrip: () => roundTrip(ws),
      close: () => ws.close(1000),
    };
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}

/**
 * A suite's maker of browser sockets: `connect(account)` opens /ws signed in as that account on
 * `server`; every socket it opened closes after the suite (call it where the suite's hooks go).
 */
export function browserSockets(server: { wsUrl: string }) {
  const opened: TestSocket[] = [];
  afterAll(() => {
    opened.forEach((s) => s.close());
  });
  return async (account: { token: string }) => {
    const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
    opened.push(socket);
    return socket;
  };
}
