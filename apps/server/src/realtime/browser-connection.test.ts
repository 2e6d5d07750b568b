import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { BrowserConnection } from './browser-connection';

const servers: WebSocketServer[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A real socket pair on loopback: the server side wrapped as the app wraps it. */
async function pair() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  await once(server, 'listening');
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const [socket] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  const received: { type: string; grams?: number }[] = [];
  client.on('message', (data) => received.push(JSON.parse(data.toString())));
  return { conn: new BrowserConnection(socket, 1, 'jti', Date.now()), socket, client, received };
}

const sample = (grams: number) =>
  ({ type: 'SCALE_DATA', macAddress: 'AABBCCDDEEFF', grams, stable: false, ts: grams }) as const;

describe('a browser connection', () => {
  it('sends every sample to a viewer that keeps up', async () => {
    const { conn, received } = await pair();
    for (let g = 0; g < 20; g += 1) conn.sendSample(sample(g));
    await expect.poll(() => received.length).toBe(20);
    expect(received.map((m) => m.grams)).toEqual([...Array(20).keys()]);
  });

  it('keeps only the newest sample for a slow viewer, never a growing queue', async () => {
    const { conn, socket, client, received } = await pair();
    // The viewer stops reading: the kernel's buffers fill, then the socket's own.
    (client as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const filler = { type: 'ERROR', message: 'x'.repeat(64 * 1024) } as const;
    for (let i = 0; i < 2000 && socket.bufferedAmount < 512 * 1024; i += 1) {
      conn.send(filler);
      await new Promise((r) => setImmediate(r));
    }
    expect(socket.bufferedAmount).toBeGreaterThanOrEqual(512 * 1024);
    const queued = socket.bufferedAmount;
    for (let g = 0; g < 100; g += 1) conn.sendSample(sample(g));
    // None of the 100 samples was queued behind the backlog.
    expect(socket.bufferedAmount).toBe(queued);

    (client as unknown as { _socket: { resume(): void } })._socket.resume();
    await expect.poll(() => received.filter((m) => m.type === 'SCALE_DATA').length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(received.filter((m) => m.type === 'SCALE_DATA').map((m) => m.grams)).toEqual([99]);
  });

  it('expires at a deadline beyond what one timer can wait (24.8 days), not at once', async () => {
    const { conn } = await pair();
    vi.useFakeTimers();
    try {
      const day = 24 * 3600_000;
      let expired = 0;
      conn.expireAt(Date.now() + 40 * day, () => (expired += 1));
      vi.advanceTimersByTime(39 * day);
      expect(expired).toBe(0);
      vi.advanceTimersByTime(day);
      expect(expired).toBe(1);
    } finally {
      conn.dispose();
      vi.useRealTimers();
    }
  });
});
