import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { openDevice, type RawDevice } from './support/device-socket';
import { httpClient, type HttpCall } from './support/http-client';
import { adminToken, confirmCode } from './support/pairing';
import { openSocket, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { macMaker } from './support/next-mac';

const USER_CAP = 3;
const ADDRESS_CAP = 5;
const TOO_MANY_FOR_USER =
  'Too many open live connections for this account. Close other tabs or devices and reload.';
const TOO_MANY_FROM_ADDRESS = 'Too many open live connections from this network. Try again later.';

/** Whether the server let the socket in: in, it answers PING; refused, it says why and closes. */
async function verdict(socket: TestSocket): Promise<'open' | string> {
  socket.send({ type: 'PING' });
  const outcome = await Promise.race([
    socket.next('PONG').then(() => 'open'),
    socket.closed.then(async (code) => `${code} ${(await socket.next('ERROR', 100)).message}`),
  ]);
  return outcome;
}

describeEachDialect(
  'browser socket limits',
  {
    config: {
      browserSocketsPerUser: USER_CAP,
      browserSocketsPerAddress: ADDRESS_CAP,
    },
  },
  ({ server }) => {
    const open = (token: string, localAddress = '127.0.0.1') =>
      openSocket(`${server.wsUrl}/ws?token=${token}`, {}, { localAddress });

    it('lets an account hold its cap of sockets, refuses the next with 1008, and lets one in again after a close', async () => {
      const account = await createAccount(server);
      const sockets = await Promise.all(
        Array.from({ length: USER_CAP }, () => open(account.token)),
      );
      for (const socket of sockets) expect(await verdict(socket)).toBe('open');
      const extra = await open(account.token);
      expect(await verdict(extra)).toBe(`1008 ${TOO_MANY_FOR_USER}`);
      sockets[0]?.close();
      await sockets[0]?.closed;
      const again = await open(account.token);
      expect(await verdict(again)).toBe('open');
      for (const socket of [...sockets.slice(1), again]) socket.close();
      await Promise.all([...sockets, again].map((s) => s.closed));
    });

    it('holds the per-account cap under a burst of simultaneous sockets', async () => {
      const account = await createAccount(server, {});
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) => open(account.token, `127.0.0.${10 + i}`)),
      );
      const verdicts = await Promise.all(burst.map(verdict));
      expect(verdicts.filter((v) => v === 'open')).toHaveLength(USER_CAP);
      expect(verdicts.filter((v) => v === `1008 ${TOO_MANY_FOR_USER}`)).toHaveLength(10 - USER_CAP);
      for (const socket of burst) socket.close();
      await Promise.all(burst.map((s) => s.closed));
    });

    it('refuses sockets beyond the cap of one address, whoever opens them, and not other addresses', async () => {
      const accounts = [await createAccount(server), await createAccount(server)];
      const held: TestSocket[] = [];
      for (let i = 0; i < ADDRESS_CAP; i += 1) {
        const socket = await open(accounts[i % 2]!.token, '127.0.0.3');
        expect(await verdict(socket)).toBe('open');
        held.push(socket);
      }
      // Also a socket whose token is never checked counts: it is refused for the address first.
      for (const token of [accounts[0]!.token, 'not-a-token']) {
        expect(await verdict(await open(token, '127.0.0.3'))).toBe(`1008 ${TOO_MANY_FROM_ADDRESS}`);
      }
      const elsewhere = await open(accounts[1]!.token, '127.0.0.4');
      expect(await verdict(elsewhere)).toBe('open');
      for (const socket of [...held, elsewhere]) socket.close();
      await Promise.all([...held, elsewhere].map((s) => s.closed));
    });
  },
);

const UNPAIRED_CAP = 4;
const nextMac = macMaker('DB');

// Unpaired device sockets per address (docs/DEVICE-PROTOCOL.md, Security notes). A socket is unpaired from its upgrade until
// WELCOME, so one that never says HELLO holds a place as one showing a code does.
describeEachDialect('device socket limits', ({ dialect }) => {
  let server: TestServer;
  let call: HttpCall;
  let admin: string;
  const held: RawDevice[] = [];

  beforeAll(async () => {
    // The HELLO timeout is out of the way: the silent sockets must be held by the cap alone.
    server = await startTestServer(dialect, {
      maxPairingSocketsPerAddress: UNPAIRED_CAP,
      maxPairingSocketsTotal: UNPAIRED_CAP + 2,
      deviceHelloTimeoutMs: 120_000,
    });
    call = httpClient(server.baseUrl);
    admin = await adminToken(call, server.instance.database);
  });
  afterAll(async () => {
    held.forEach((d) => d.ws.close());
    await server.stop();
  });

  const openFrom = async (localAddress: string) => {
    const device = await openDevice(server.wsUrl, {}, { localAddress });
    held.push(device);
    return device;
  };
  /** Let in, a HELLO is answered with a code; refused, the socket was closed with a REJECT. */
  function verdict(device: RawDevice): Promise<string> {
    device.send({ type: 'HELLO', mac: nextMac() });
    return Promise.race([
      device.next('PAIRING').then(
        () => 'pairing',
        () => 'no PAIRING',
      ),
      device.closed.then(({ code }) => {
        const reject = device.messages.find((m) => m.type === 'REJECT');
        return `${code} ${reject?.error}${reject?.retryAfter ? '' : ' (no retryAfter)'}`;
      }),
    ]);
  }

  it('counts sockets from the upgrade on; a full address makes room by sending its oldest away', async () => {
    const address = '127.0.0.21';
    const silent = [];
    for (let i = 0; i < UNPAIRED_CAP; i += 1) silent.push(await openFrom(address));
    // The newest of a full address is let in: the address's oldest socket goes.
    expect(await verdict(await openFrom(address))).toBe('pairing');
    expect(await silent[0]!.next('REJECT')).toEqual({
      type: 'REJECT',
      ...DEVICE_REJECTS.pairingBusy,
    });
    expect((await silent[0]!.closed).code).toBe(1008);
    for (const other of silent.slice(1)) expect(other.ws.readyState).toBe(other.ws.OPEN);
    // Another address has places of its own.
    expect(await verdict(await openFrom('127.0.0.22'))).toBe('pairing');
  });

  it('caps the unpaired sockets overall per address first: the busiest address yields to a newcomer', async () => {
    const flood = [];
    // UNPAIRED_CAP from one address and two from another fill every place overall.
    for (let i = 0; i < UNPAIRED_CAP; i += 1) flood.push(await openFrom('127.0.0.31'));
    const small = [await openFrom('127.0.0.32'), await openFrom('127.0.0.32')];
    // A genuine scale from a third address still shows its code.
    expect(await verdict(await openFrom('127.0.0.33'))).toBe('pairing');
    expect((await flood[0]!.closed).code).toBe(1008);
    for (const socket of small) expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('lets the genuine scale show its code however many impostors wait for its address', async () => {
    const mac = nextMac();
    const impostors = [];
    for (let i = 0; i < 5; i += 1) {
      const device = await openFrom(`127.0.0.${41 + i}`);
      device.send({ type: 'HELLO', mac });
      await device.next('PAIRING');
      impostors.push(device);
    }
    const genuine = await openFrom('127.0.0.50');
    genuine.send({ type: 'HELLO', mac });
    const { code } = await genuine.next('PAIRING');
    expect(await impostors[0]!.next('REJECT')).toEqual({
      type: 'REJECT',
      ...DEVICE_REJECTS.replaced,
    });
    await confirmCode(call, admin, mac, code);
    expect((await genuine.next('WELCOME')).type).toBe('WELCOME');
  });
});

describe('a browser socket and its token', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { tokenTtlSeconds: 2 });
  });
  afterAll(() => server.stop());

  it('is closed with 1008 when its token expires', async () => {
    const account = await createAccount(server);
    const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
    expect(await verdict(socket)).toBe('open');
    expect(await socket.closed).toBe(1008);
    expect(socket.messages.find((m) => m.type === 'ERROR')?.message).toBe(
      'Invalid or expired token',
    );
    const rest = await httpClient(server.baseUrl)('GET', '/api/profile', { token: account.token });
    expect(rest.status).toBe(401);
  });
});
