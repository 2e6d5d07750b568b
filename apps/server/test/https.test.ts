import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createAccount } from './support/factories';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';

// A throwaway self-signed certificate for 127.0.0.1, as mkcert would make for the LAN.
const dir = mkdtempSync(join(tmpdir(), 'beerscale-tls-'));
const certPath = join(dir, 'cert.pem');
const keyPath = join(dir, 'key.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyPath,
    '-out',
    certPath,
  ],
  { stdio: 'ignore' },
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { TLS_CERT: certPath, TLS_KEY: keyPath };

describe('TLS configuration', () => {
  it('reads the certificate and key files when both are given', () => {
    const config = loadConfig(env);
    expect(config.tls?.cert).toContain('BEGIN CERTIFICATE');
    expect(config.tls?.key).toContain('PRIVATE KEY');
    expect(loadConfig({}).tls).toBeUndefined();
  });

  it('refuses one without the other, and files it cannot read', () => {
    expect(() => loadConfig({ TLS_CERT: certPath })).toThrow(
      'TLS_CERT and TLS_KEY must be given together',
    );
    expect(() => loadConfig({ TLS_CERT: certPath, TLS_KEY: join(dir, 'missing.pem') })).toThrow(
      /TLS_KEY: cannot read/,
    );
  });
});

describeEachDialect('HTTPS', ({ dialect }) => {
  let server: TestServer;
  let port: number;
  let ca: string;

  beforeAll(async () => {
    const config = loadConfig(env);
    ca = config.tls!.cert;
    // Short header deadline: the plain twin must enforce it too (a slow client on the LAN).
    server = await startTestServer(dialect, { tls: config.tls, headersTimeoutMs: 1_000 });
    port = (server.instance.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.stop());

  /** A JSON POST over HTTPS with the suite's certificate. */
  const httpsJson = (path: string, body: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const data = JSON.stringify(body);
      const request = httpsRequest(
        `https://127.0.0.1:${port}${path}`,
        { method: 'POST', ca, headers: { 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.end(data);
    });

  const fetchText = (secure: boolean, path: string) =>
    new Promise<{ status: number; encrypted: boolean; body: string }>((resolve, reject) => {
      const url = `${secure ? 'https' : 'http'}://127.0.0.1:${port}${path}`;
      const done = (res: IncomingMessage) => {
        let body = '';
        const encrypted = !!(res.socket as TLSSocket).encrypted;
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encrypted, body }));
      };
      const request = secure ? httpsGet(url, { ca }, done) : httpGet(url, done);
      request.on('error', reject);
    });

  it('serves browsers over HTTPS with the given certificate', async () => {
    const reply = await fetchText(true, '/api/health');
    expect(reply).toMatchObject({ status: 200, encrypted: true });
  });

  it('keeps plain ws:// on /ws/device for WiFi scales on the LAN', async () => {
    const device = new WebSocket(`ws://127.0.0.1:${port}/ws/device`);
    await new Promise((resolve, reject) => device.once('open', resolve).once('error', reject));
    device.close();
  });

  it('redirects browsers that come over plain HTTP to HTTPS, and HTTPS replies carry HSTS', async () => {
    const plain = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`http://127.0.0.1:${port}/leaderboard?x=1`, resolve).on('error', reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(308);
    expect(plain.headers.location).toBe(`https://127.0.0.1:${port}/leaderboard?x=1`);
    const secure = await new Promise<IncomingMessage>((resolve, reject) =>
      httpsGet(`https://127.0.0.1:${port}/api/health`, { ca }, resolve).on('error', reject),
    );
    secure.resume();
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    // A browser's own socket must not travel in the clear either.
    const browser = new WebSocket(`ws://127.0.0.1:${port}/ws?token=x`);
    const refused = await new Promise<string>((resolve) => {
      browser.once('unexpected-response', (_, res) => resolve(String(res.statusCode)));
      browser.once('error', (err) => resolve(err.message));
    });
    expect(refused).toMatch(/426/);
  });

  it('closes a connection that never sends a byte at the header deadline, as plain mode does', async () => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    await new Promise((resolve) => socket.on('close', resolve));
    // The suite's header deadline is 1 s (TLS would otherwise wait forever: 1,000 such
    // connections made HTTPS fail for everyone).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('closes a TLS connection that finished its handshake and sends nothing (issue 42)', async () => {
    const socket = tlsConnect({ port, host: '127.0.0.1', ca });
    await new Promise((resolve, reject) =>
      socket.once('secureConnect', resolve).once('error', reject),
    );
    const started = Date.now();
    await new Promise((resolve) => socket.on('close', resolve));
    // The suite's header deadline (1 s); never more than 15 s with any deadline.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('redirects only to a host the certificate is for, never to an arbitrary Host header', async () => {
    const asHost = (host: string) =>
      new Promise<IncomingMessage>((resolve, reject) =>
        httpGet({ host: '127.0.0.1', port, path: '/login', headers: { host } }, resolve).on(
          'error',
          reject,
        ),
      );
    const evil = await asHost('evil.example');
    evil.resume();
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    const evilWithPort = await asHost(`evil.example:${port}`);
    evilWithPort.resume();
    expect(evilWithPort.headers.location).toBeUndefined();
    const named = await asHost(`127.0.0.1:${port}`);
    named.resume();
    expect(named.headers.location).toBe(`https://127.0.0.1:${port}/login`);
  });

  it('closes a TLS handshake that stalls, at the same deadline', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // A TLS record header, then nothing more.
    socket.write(Buffer.from([0x16, 0x03, 0x01]));
    const started = Date.now();
    await new Promise((resolve) => socket.on('close', resolve));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('cuts a plain client that trickles its headers, as the TLS side does', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('carries the browser socket over wss', async () => {
    const me = await createAccount({
      db: server.instance.database.db,
      baseUrl: `http://127.0.0.1:${port}`,
      login: (body) => httpsJson('/api/login', body),
    });
    const socket = new WebSocket(`wss://127.0.0.1:${port}/ws?token=${me.token}`, {
      ca,
      headers: { origin: `https://127.0.0.1:${port}` },
    });
    const pong = new Promise((resolve, reject) => {
      socket.on('message', (data) => {
        if (JSON.parse(data.toString()).type === 'PONG') resolve(true);
      });
      socket.once('error', reject);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'PING' }));
    expect(await pong).toBe(true);
    socket.close();
  });
});

describe('HTTPS with PUBLIC_URL', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    const config = loadConfig(env);
    server = await startTestServer('sqlite', {
      tls: config.tls,
      publicUrl: 'https://beer.example:8443',
    });
    port = (server.instance.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.stop());

  it("sends a plain-HTTP browser to PUBLIC_URL's host, whatever Host it sent (issue 42)", async () => {
    for (const host of ['evil.example', `127.0.0.1:${port}`]) {
      const reply = await new Promise<IncomingMessage>((resolve, reject) =>
        httpGet({ host: '127.0.0.1', port, path: '/join/ABCD?x=1', headers: { host } }, resolve).on(
          'error',
          reject,
        ),
      );
      reply.resume();
      expect(reply.statusCode).toBe(308);
      expect(reply.headers.location).toBe('https://beer.example:8443/join/ABCD?x=1');
    }
  });
});
