import WebSocket, { type ClientOptions } from 'ws';
import { roundTrip } from './round-trip';

export interface RawDevice {
  ws: WebSocket;
  messages: any[];
  next(type: string, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** PING, then the PONG that answers it: whatever the server sent before has arrived. */
  roundTrip(): Promise<void>;
}

/**
 * A bare device socket for protocol tests that need to misbehave on purpose; `options` can give
 * it a local address of its own (127.0.0.x) for the per-address caps.
 */
export function openDevice(
  wsUrl: string,
  headers: Record<string, string> = {},
  options: ClientOptions = {},
): Promise<RawDevice> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/ws/device`, { ...options, headers });
    const messages: any[] = [];
    let consumed = 0;
    const waiters: (() => void)[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString()));
      waiters.splice(0).forEach((wake) => wake());
    });
    const device: RawDevice = {
      ws,
      messages,
      closed,
      async next(type, timeoutMs = 5000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const index = messages.findIndex((m, i) => i >= consumed && m.type === type);
          if (index >= 0) {
            consumed = index + 1;
            return messages[index];
          }
          if (Date.now() > deadline) throw new Error(`no ${type}; got ${JSON.stringify(messages)}`);
          await new Promise<void>((wake) => {
            waiters.push(wake);
            setTimeout(wake, 100);
          });
        }
      },
      send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
      roundTrip: () => roundTrip(ws),
    };
    ws.once('open', () => resolve(device));
    ws.once('error', reject);
  });
}
