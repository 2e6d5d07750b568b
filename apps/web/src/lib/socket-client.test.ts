import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_NORMAL, CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import { SOCKET_RECONNECT_MS } from '@beerscale/contract/limits';
import { SocketClient, type SocketLike } from './socket-client';
import { socketProtocol } from './socket-protocol';

// A stand-in for the browser's WebSocket: this tests the client's own rules (reconnect, PING,
// token rechecks, subscriptions); the real socket is covered by the server and browser suites.
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = CLOSE_NORMAL) {
    this.closedWith = code;
    this.drop(code);
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const latest = () => FakeSocket.all.at(-1)!;

function makeClient(recheck: () => Promise<boolean> = async () => true) {
  const recheckToken = vi.fn(recheck);
  const client = new SocketClient({
    url: (token) => `ws://test/ws?token=${token}`,
    getToken: () => 'tok',
    recheckToken,
    loadProtocol: async () => socketProtocol,
    createSocket: (url) => new FakeSocket(url),
  });
  return { client, recheckToken };
}

/** Lets the lazy protocol load and the socket be created. */
const settle = () => vi.advanceTimersByTimeAsync(0);

// docs/ARCHITECTURE.md, The web app's behaviour: Live channel and presence.
describe('socket client', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the token in the query and answers PING with PONG', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    expect(latest().url).toBe('ws://test/ws?token=tok');
    latest().open();
    expect(client.connected).toBe(true);
    latest().receive({ type: 'PING' });
    expect(latest().sent).toEqual([JSON.stringify({ type: 'PONG' })]);
  });

  it('reconnects 5 s after an abnormal close, not sooner', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    latest().open();
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('keeps trying every 5 s while the server is away', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      latest().drop(1006);
      await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
      expect(FakeSocket.all).toHaveLength(attempt + 1);
    }
  });

  it('does not reconnect after a normal close', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    latest().drop(CLOSE_NORMAL);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('stop() closes with 1000 and cancels a pending reconnect', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    latest().drop(1006);
    client.stop();
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(1);

    client.start();
    await settle();
    const second = latest();
    client.stop();
    expect(second.closedWith).toBe(CLOSE_NORMAL);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('after 1008 rechecks the token and stays closed when it is no longer valid', async () => {
    const { client, recheckToken } = makeClient(async () => false);
    client.start();
    await settle();
    latest().drop(CLOSE_POLICY);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 3);
    expect(recheckToken).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('after 1008 with a token that is still valid, reconnects after 5 s', async () => {
    const { client, recheckToken } = makeClient(async () => true);
    client.start();
    await settle();
    latest().drop(CLOSE_POLICY);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS - 1);
    expect(recheckToken).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not come back when the session ends while the token is being rechecked', async () => {
    let answer: (valid: boolean) => void = () => {};
    const { client } = makeClient(() => new Promise((resolve) => (answer = resolve)));
    client.start();
    await settle();
    latest().drop(CLOSE_POLICY);
    client.stop();
    answer(true);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('rechecks the token on an ERROR that mentions it, and only then', async () => {
    const { client, recheckToken } = makeClient();
    const errors: string[] = [];
    client.on('ERROR', (message) => errors.push(message.message));
    client.start();
    await settle();
    latest().open();
    latest().receive({ type: 'ERROR', message: 'Malformed message' });
    expect(recheckToken).not.toHaveBeenCalled();
    latest().receive({ type: 'ERROR', message: 'Invalid or expired Token' });
    expect(recheckToken).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['Malformed message', 'Invalid or expired Token']);
  });

  it('delivers typed messages to subscribers until they unsubscribe, and drops unknown ones', async () => {
    const { client } = makeClient();
    const seen: string[] = [];
    const off = client.on('PLAYER_JOINED', (message) => seen.push(message.playerName));
    client.on('SCALE_STATUS', (message) => seen.push(`${message.macAddress}:${message.connected}`));
    client.start();
    await settle();
    latest().open();
    latest().receive({ type: 'PLAYER_JOINED', gameId: 1, playerId: 2, playerName: 'Ana' });
    latest().receive({ type: 'SCALE_STATUS', macAddress: 'AABBCCDDEEFF', connected: true });
    latest().receive({ type: 'NOT_A_MESSAGE' });
    latest().receive({ type: 'PLAYER_JOINED', gameId: 'x' });
    off();
    latest().receive({ type: 'PLAYER_JOINED', gameId: 1, playerId: 3, playerName: 'Ben' });
    expect(seen).toEqual(['Ana', 'AABBCCDDEEFF:true']);
  });

  it('queues messages until the socket is open and tells subscribers about every connect', async () => {
    const { client } = makeClient();
    const connects = vi.fn();
    client.onConnect(connects);
    client.start();
    client.send({ type: 'SELECT_SCALE', macAddress: 'AABBCCDDEEFF' });
    await settle();
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(latest().sent).toEqual([
      JSON.stringify({ type: 'SELECT_SCALE', macAddress: 'AABBCCDDEEFF' }),
    ]);
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    latest().open();
    expect(connects).toHaveBeenCalledTimes(2);
  });

  it('forgets queued messages on stop', async () => {
    const { client } = makeClient();
    client.start();
    client.send({ type: 'SELECT_SCALE', macAddress: 'AABBCCDDEEFF' });
    client.stop();
    client.start();
    await settle();
    latest().open();
    expect(latest().sent).toEqual([]);
  });

  describe('connection status', () => {
    class FakeNetwork extends EventTarget {
      navigator = { onLine: true };
      set(online: boolean) {
        this.navigator.onLine = online;
        this.dispatchEvent(new Event(online ? 'online' : 'offline'));
      }
    }

    function liveClient(network = new FakeNetwork()) {
      const statuses: string[] = [];
      const client = new SocketClient({
        url: (token) => `ws://test/ws?token=${token}`,
        getToken: () => 'tok',
        recheckToken: async () => true,
        loadProtocol: async () => socketProtocol,
        createSocket: (url) => new FakeSocket(url),
        livenessMs: 5_000,
        pongWaitMs: 1_500,
        network,
      });
      client.onStatus((s) => statuses.push(s));
      return { client, statuses, network };
    }

    it('is reconnecting at once when the socket closes, open again after the reconnect', async () => {
      const { client, statuses } = liveClient();
      client.start();
      await settle();
      expect(client.status).toBe('connecting');
      latest().open();
      latest().drop(1006);
      expect(client.status).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
      latest().open();
      expect(statuses).toEqual(['open', 'reconnecting', 'open']);
    });

    it('takes a socket whose PONG does not come for dead, and a live one for alive', async () => {
      const { client } = liveClient();
      client.start();
      await settle();
      const first = latest();
      first.open();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(first.sent).toEqual([JSON.stringify({ type: 'PING' })]);
      first.receive({ type: 'PONG' });
      await vi.advanceTimersByTimeAsync(1_500);
      expect(client.status).toBe('open');
      // The next PING goes unanswered: 1.5 s later the socket is given up and replaced.
      await vi.advanceTimersByTimeAsync(3_500);
      expect(first.sent).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_499);
      expect(client.status).toBe('open');
      await vi.advanceTimersByTimeAsync(1);
      expect(client.status).toBe('reconnecting');
      expect(first.closedWith).not.toBeNull();
      await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
      expect(latest()).not.toBe(first);
      latest().open();
      expect(client.status).toBe('open');
    });

    it('says offline while the browser is, and reconnects as soon as it is back', async () => {
      const { client, network } = liveClient();
      client.start();
      await settle();
      const first = latest();
      first.open();
      network.set(false);
      expect(client.status).toBe('offline');
      expect(first.closedWith).not.toBeNull();
      network.set(true);
      expect(client.status).toBe('reconnecting');
      await settle();
      // No 5 s wait: the new socket is there at once.
      expect(latest()).not.toBe(first);
      latest().open();
      expect(client.status).toBe('open');
    });

    it('stays quiet on a normal stop', async () => {
      const { client, statuses } = liveClient();
      client.start();
      await settle();
      latest().open();
      client.stop();
      expect(statuses).toEqual(['open']);
    });
  });
});
