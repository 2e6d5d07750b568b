import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient } from './socket-client';

// A stand-in for the browser's WebSocket: this tests the client's own reconnect rules, the real
// socket is covered by the server integration and browser suites.
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function client(recheck = vi.fn(async () => true)) {
  const socket = new SocketClient({
    url: (token) => `ws://test/ws?token=${token}`,
    getToken: () => 'tok',
    recheckToken: recheck,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    reconnectMs: 5000,
  });
  return { socket, recheck };
}

describe('socket client (SPEC §4)', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the token in the query and answers PING with PONG', () => {
    const { socket } = client();
    socket.start();
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toBe('ws://test/ws?token=tok');
    ws.open();
    ws.receive({ type: 'PING' });
    expect(ws.sent).toEqual([JSON.stringify({ type: 'PONG' })]);
  });

  it('reconnects 5 s after an abnormal close, not sooner', async () => {
    const { socket } = client();
    socket.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(4999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not reconnect after a normal close or after stop()', async () => {
    const { socket } = client();
    socket.start();
    FakeSocket.all[0]!.drop(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(1);
    socket.start();
    socket.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('after 1008 rechecks the token and stays closed when it is dead', async () => {
    const dead = client(vi.fn(async () => false));
    dead.socket.start();
    FakeSocket.all[0]!.drop(1008);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(dead.recheck).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);

    const alive = client(vi.fn(async () => true));
    alive.socket.start();
    FakeSocket.all[1]!.drop(1008);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('rechecks the token on an ERROR that mentions it, and delivers typed messages', () => {
    const { socket, recheck } = client();
    const errors: string[] = [];
    socket.on('ERROR', (m) => errors.push(m.message));
    socket.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive({ type: 'ERROR', message: 'Malformed message' });
    expect(recheck).not.toHaveBeenCalled();
    ws.receive({ type: 'ERROR', message: 'Invalid or expired token' });
    expect(recheck).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['Malformed message', 'Invalid or expired token']);
    ws.receive({ type: 'NOT_A_MESSAGE' });
    expect(errors).toHaveLength(2);
  });

  it('queues messages sent while connecting', () => {
    const { socket } = client();
    socket.start();
    socket.send({ type: 'SELECT_SCALE', macAddress: 'AABBCCDDEEFF' });
    const ws = FakeSocket.all[0]!;
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify({ type: 'SELECT_SCALE', macAddress: 'AABBCCDDEEFF' })]);
  });
});
