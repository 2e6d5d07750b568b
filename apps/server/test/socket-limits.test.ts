import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from './support/http-client';
import { openSocket, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

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

describeEachDialect('browser socket limits', ({ dialect }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      browserSocketsPerUser: USER_CAP,
      browserSocketsPerAddress: ADDRESS_CAP,
    });
  });
  afterAll(() => server.stop());

  const open = (token: string, localAddress = '127.0.0.1') =>
    openSocket(`${server.wsUrl}/ws?token=${token}`, {}, { localAddress });

  it('lets an account hold its cap of sockets, refuses the next with 1008, and lets one in again after a close', async () => {
    const account = await createAccount(server);
    const sockets = await Promise.all(Array.from({ length: USER_CAP }, () => open(account.token)));
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
