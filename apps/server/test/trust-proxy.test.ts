import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxAvailable, startNginx, type Nginx } from './support/cluster';
import { openSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';
import { signUp } from './support/accounts';
import { httpClient } from './support/http-client';

let probes = 0;

/** GET /api/health from `localAddress` with these headers; the address the app logged for it. */
async function loggedAddress(
  baseUrl: string,
  lines: string[],
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
): Promise<string> {
  probes += 1;
  const path = `/api/health?probe=${probes}`;
  await new Promise<void>((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers, localAddress }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
  const line = lines.map((l) => JSON.parse(l)).find((entry) => entry.req?.url === path);
  if (!line) throw new Error(`no log line for ${path}`);
  return line.req.remoteAddress;
}

describe('TRUST_PROXY trusts the proxy only', () => {
  const lines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    // The proxy is 127.0.0.2; clients connect from 127.0.0.1 (both loopback on Linux).
    server = await startTestServer('sqlite', {
      trustProxy: '127.0.0.2',
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => server.stop());

  it("ignores a client's own X-Forwarded-For", async () => {
    const forged = { 'x-forwarded-for': '203.0.113.7' };
    expect(await loggedAddress(server.baseUrl, lines, forged)).toBe('127.0.0.1');
  });

  it('takes the address the proxy reports, not what the client put before it', async () => {
    const proxied = { 'x-forwarded-for': '198.51.100.4' };
    expect(await loggedAddress(server.baseUrl, lines, proxied, '127.0.0.2')).toBe('198.51.100.4');
    // A proxy that appends: the client forged the first entry, the proxy wrote the last.
    const appended = { 'x-forwarded-for': '203.0.113.7, 198.51.100.4' };
    expect(await loggedAddress(server.baseUrl, lines, appended, '127.0.0.2')).toBe('198.51.100.4');
  });

  it("ignores a client's own X-Forwarded-Host in the browser socket's Origin check", async () => {
    const account = await signUp(httpClient(server.baseUrl));
    const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`, {
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(await socket.closed).toBe(1008);
  });
});

describe.runIf(nginxAvailable())('behind the sample nginx configuration', () => {
  const lines: string[] = [];
  let server: TestServer;
  let nginx: Nginx;

  beforeAll(async () => {
    // TRUST_PROXY=true: nginx on this machine.
    server = await startTestServer('sqlite', {
      trustProxy: 'loopback',
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    nginx = await startNginx([Number(new URL(server.baseUrl).port)]);
  });
  afterAll(async () => {
    await nginx?.stop();
    await server.stop();
  });

  it('passes on the address nginx saw, whatever X-Forwarded-For the client sent', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.7' };
    expect(await loggedAddress(nginx.url, lines, forged)).toBe('127.0.0.1');
  });

  it('logs no query string: socket tokens stay out of the access log', async () => {
    const account = await signUp(httpClient(nginx.url));
    const socket = await openSocket(`${nginx.wsUrl}/ws?token=${account.token}`);
    socket.close();
    await socket.closed;
    await fetch(`${nginx.url}/api/health?secret=visible`);
    // nginx writes a socket's line when it closes; the health line follows it.
    await expect.poll(() => nginx.accessLog(), { timeout: 5_000 }).toContain('/api/health');
    const log = nginx.accessLog();
    expect(log).toContain('"GET /ws HTTP/1.1" 101');
    expect(log).toContain('"GET /api/health HTTP/1.1" 200');
    expect(log).not.toContain(account.token);
    expect(log).not.toContain('secret=visible');
  });
});
