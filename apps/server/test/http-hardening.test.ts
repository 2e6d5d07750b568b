import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpCall } from './support/http-client';
import { createAccount } from './support/factories';
import { openSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

/** Headers @fastify/helmet sets (registerSecurityHeaders); every reply must carry them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
];

/**
 * Writes `head`, then one byte of `trickle` every 100 ms, as a slow client would; resolves with
 * what the server answered once it closed the connection (or after `giveUpMs`, with '' if not).
 */
function slowClient(url: string, head: string, trickle: string, giveUpMs = 10_000) {
  const { hostname, port } = new URL(url);
  return new Promise<{ answer: string; closedByServer: boolean }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < trickle.length) socket.write(trickle[sent++] ?? '');
    }, 100);
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (data) => (answer += data.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedByServer: Date.now() < started + giveUpMs });
    });
    const started = Date.now();
  });
}

describe('HTTP timeouts and framework refusals', () => {
  let server: TestServer;
  let call: HttpCall;

  beforeAll(async () => {
    // The 30 s and 10 s defaults, shortened so that the test does not wait for them.
    server = await startTestServer('sqlite', { requestTimeoutMs: 1_000, headersTimeoutMs: 500 });
    call = httpClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('cuts a request whose body trickles in slower than the request timeout', async () => {
    const body = JSON.stringify({ username: 'someone', password: 'x'.repeat(200) });
    const head =
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const { answer, closedByServer } = await slowClient(server.baseUrl, head, body);
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a request whose headers trickle in slower than the header timeout', async () => {
    const headers = 'X-Slow: ' + 'a'.repeat(200) + '\r\n\r\n';
    const { answer, closedByServer } = await slowClient(
      server.baseUrl,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n',
      headers,
    );
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('leaves sockets open past the request timeout', async () => {
    const account = await createAccount(server);
    const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
    // Instead of sleeping past the timeout: a request begun after the socket opened is cut by
    // it (408), so the socket is older than the timeout and the check that cut the request ran.
    const body = JSON.stringify({ username: 'someone', password: 'x'.repeat(200) });
    const { answer } = await slowClient(
      server.baseUrl,
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    socket.send({ type: 'PING' });
    await socket.next('PONG');
    socket.close();
  });

  it('answers a URL that does not decode with { error } and the security headers', async () => {
    const reference = await call('GET', '/api/health');
    for (const path of ['/%c0', '/api/users/%c0', '/ws/%E0%A4%A']) {
      const reply = await call('GET', path);
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).toEqual({
        error: 'The address is not a valid URL',
        code: 'BAD_URL',
      });
      for (const name of SECURITY_HEADERS) {
        expect(reply.headers.get(name), `${path} ${name}`).toBe(reference.headers.get(name));
        expect(reference.headers.get(name), name).toBeTruthy();
      }
    }
  });

  it('refuses an upgrade to a URL that does not decode with the security headers, then closes', async () => {
    const reference = await call('GET', '/api/health');
    const { answer, closedByServer } = await rawUpgrade(server.baseUrl, '/ws/%c0');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":"BAD_URL"');
    for (const name of SECURITY_HEADERS) {
      expect(answer, name).toContain(`${name}: ${reference.headers.get(name)}\r\n`);
    }
    expect(closedByServer).toBe(true);
  });

  it('answers an upgrade to a route without a socket over HTTP, then closes the connection', async () => {
    const { answer, closedByServer } = await rawUpgrade(server.baseUrl, '/api/health');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"status":"ok"');
    expect(closedByServer).toBe(true);
  });

  it('answers a body that is not JSON with { error } and the security headers', async () => {
    for (const rawBody of ['{not json', '']) {
      const reply = await call('POST', '/api/login', { rawBody });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('Request body is not valid JSON');
      for (const name of SECURITY_HEADERS) expect(reply.headers.get(name), name).toBeTruthy();
    }
    const wrongType = await call('POST', '/api/login', {
      rawBody: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.body.error).toBeTruthy();
    for (const name of SECURITY_HEADERS) expect(wrongType.headers.get(name), name).toBeTruthy();
  });
});

/**
 * Asks for a WebSocket upgrade of `path` over a raw TCP socket (fetch and ws would refuse such a
 * URL or hide the answer): the server's whole answer, and whether the server closed the
 * connection within 5 s.
 */
function rawUpgrade(
  baseUrl: string,
  path: string,
): Promise<{ answer: string; closedByServer: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    let answer = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedByServer: false });
    }, 5_000);
    socket.on('data', (data) => (answer += data.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, closedByServer: true });
    });
  });
}
