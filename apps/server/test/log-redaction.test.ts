import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Account } from './support/accounts';
import { createAccount } from './support/factories';
import { startTestServer, type TestServer } from './support/test-server';
import { REQUEST_LINE_FIELDS } from './support/log-lines';

describe('logs', () => {
  const lines: string[] = [];
  let server: TestServer;
  let me: Account;

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    me = await createAccount(server);
  });
  afterAll(() => server.stop());

  it('never hold a token, though sockets carry it in the query string', async () => {
    const socket = new WebSocket(`${server.wsUrl}/ws?token=${me.token}`, {
      origin: server.baseUrl,
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.close();
    // A plain request with credentials in its query is logged the same way.
    await fetch(`${server.baseUrl}/api/health?token=${me.token}&key=device-secret`);
    await fetch(`${server.baseUrl}/ws?token=${me.token}`);
    // A watch link carries its token in the path, the page's and the API's.
    const watchToken = 'W'.repeat(22);
    await fetch(`${server.baseUrl}/api/watch/${watchToken}`);
    // So does a password reset link, whose token sets a password within its 30 minutes.
    const resetToken = 'R'.repeat(43);
    await fetch(`${server.baseUrl}/api/password-reset/${resetToken}`);
    await fetch(`${server.baseUrl}/reset/${resetToken}`);
    await fetch(`${server.baseUrl}/watch/${watchToken}?x=1`);
    // Lines are written as the server gets to them: wait for the last request's.
    await expect.poll(() => lines.join('')).toContain('/watch/[REDACTED]?x=1');

    const logged = lines.join('');
    expect(logged).toContain('/ws?token=[REDACTED]');
    expect(logged).toContain('/api/health?token=[REDACTED]&key=[REDACTED]');
    expect(logged).not.toContain(me.token);
    expect(logged).not.toContain(me.token.split('.')[2]);
    expect(logged).not.toContain('device-secret');
    expect(logged).toContain('/api/watch/[REDACTED]');
    expect(logged).toContain('/watch/[REDACTED]?x=1');
    expect(logged).not.toContain(watchToken);
    expect(logged).toContain('/api/password-reset/[REDACTED]');
    expect(logged).toContain('"/reset/[REDACTED]');
    expect(logged).not.toContain(resetToken);
  });

  // request-log.ts builds the line of a request that succeeded itself (the one written on every
  // request): it must be the line pino writes, field for field, for log collectors that parse it.
  it('write a request line with pino’s fields, in pino’s order', async () => {
    await fetch(`${server.baseUrl}/api/health?probe=line-shape`);
    await expect.poll(() => lines.join('')).toContain('probe=line-shape');
    const line = JSON.parse(lines.find((l) => l.includes('probe=line-shape'))!) as Record<
      string,
      unknown
    >;
    expect(Object.keys(line)).toEqual(REQUEST_LINE_FIELDS);
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { method: 'GET', url: '/api/health?probe=line-shape', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(Math.abs((line.time as number) - Date.now())).toBeLessThan(60_000);
    expect(typeof line.reqId).toBe('string');
    expect(typeof line.responseTime).toBe('number');
  });
});
