import { expect, it } from 'vitest';
import { openSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

// Long enough that a loaded machine answers the status read before the grace runs out (the
// tests that read a status within it are about what happens before, not how long it lasts).
const GRACE_MS = 1500;

describeEachDialect(
  'browser socket',
  { config: { presenceGraceMs: GRACE_MS } },
  ({ server, call }) => {
    const statusOf = async (token: string, id: number) =>
      (await call('GET', `/api/users?limit=1&userId=${id}`, { token })).body[0].status;

    it('closes with 1008 for a missing, bad or revoked token', async () => {
      const account = await createAccount(server);
      for (const query of ['', '?token=nonsense']) {
        const socket = await openSocket(`${server.wsUrl}/ws${query}`);
        expect(await socket.closed).toBe(1008);
      }
      await call('POST', '/api/logout', { token: account.token });
      const revoked = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
      expect(await revoked.closed).toBe(1008);
    });

    it('answers PING with PONG and refuses malformed messages with an ERROR', async () => {
      const account = await createAccount(server);
      const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
      socket.send({ type: 'PING' });
      await socket.next('PONG');
      socket.send('{not json');
      expect((await socket.next('ERROR')).message).toBe('Malformed message');
      socket.send({ type: 'SELECT_SCALE', macAddress: 'nope' });
      await socket.next('ERROR');
      socket.close();
    });

    it('closes the sockets of a session when it logs out, and only those', async () => {
      const account = await createAccount(server);
      const second = await call('POST', '/api/login', {
        body: { username: account.username, password: account.password },
      });
      const first = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
      const other = await openSocket(`${server.wsUrl}/ws?token=${second.body.token}`);
      await call('POST', '/api/logout', { token: account.token });
      expect(await first.closed).toBe(1008);
      other.send({ type: 'PING' });
      await other.next('PONG');
      other.close();
    });

    it('refuses a socket from another origin', async () => {
      const account = await createAccount(server);
      const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`, {
        origin: 'http://evil.example',
      });
      expect(await socket.closed).toBe(1008);
    });

    it('keeps the last sent status while connected and turns offline after the grace period', async () => {
      const account = await createAccount(server);
      const watcher = await createAccount(server);
      const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
      await call('PUT', `/api/users/${account.id}/status`, {
        token: account.token,
        body: { status: 'searching' },
      });
      expect(await statusOf(watcher.token, account.id)).toBe('searching');
      socket.close();
      await socket.closed;
      // Within the grace period a reload must not flicker the player offline.
      expect(await statusOf(watcher.token, account.id)).toBe('searching');
      await expect.poll(() => statusOf(watcher.token, account.id)).toBe('offline');
      const back = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
      back.send({ type: 'PING' });
      await back.next('PONG');
      expect(await statusOf(watcher.token, account.id)).toBe('logged_in');
      back.close();
    });

    it('turns a signed-in user offline when no socket ever opens', async () => {
      const watcher = await createAccount(server);
      const account = await createAccount(server);
      expect(await statusOf(watcher.token, account.id)).toBe('logged_in');
      await expect.poll(() => statusOf(watcher.token, account.id)).toBe('offline');
    });

    it('drops a message over 64 KB by closing the socket', async () => {
      const account = await createAccount(server);
      const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
      socket.send({ type: 'PING', pad: 'x'.repeat(70 * 1024) });
      expect(await socket.closed).toBe(1009);
    });
  },
);
