import {
  createServer as createHttpServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { X509Certificate } from 'node:crypto';

export interface TlsFiles {
  cert: string;
  key: string;
}

export interface ServerLimits {
  requestTimeout?: number;
  headersTimeout?: number;
  connectionsCheckingInterval?: number;
  keepAliveTimeout?: number;
  /** The class of every reply, on both twins (secured-response.ts). */
  ServerResponse?: typeof ServerResponse;
  /** PUBLIC_URL: plain-HTTP browsers are sent to its host; else to a host the certificate names. */
  publicUrl?: string;
}

/** Every TLS connection opens with a handshake record. */
const TLS_HANDSHAKE = 0x16;
/** The one path a client may use over plain HTTP on the TLS port: WiFi scales' ws://. */
const PLAIN_UPGRADE_PATH = '/ws/device';
/** Node's own default header deadline, when none is given. */
const DEFAULT_HEADERS_TIMEOUT = 60_000;
/**
 * A TLS connection that finished its handshake and sends no request is closed at the header
 * deadline, and never later than this: Node's own deadlines start with a request's first byte,
 * so such sockets stayed open for minutes (issue 42: 20 of them after 102 s).
 */
const SILENT_AFTER_HANDSHAKE_MAX_MS = 15_000;

/**
 * One port, both protocols: browsers get HTTPS (Web Bluetooth needs a secure context on a phone),
 * while a WiFi scale on the LAN keeps speaking plain `ws://` to the same address, as its firmware
 * knows it. The first byte of a connection tells them apart. Plain connections are handed to a
 * twin http server: its upgrades to /ws/device land in the same WebSocket server, every other
 * plain request is redirected to HTTPS (and HTTPS replies carry HSTS, security-headers), so a
 * browser never talks to the app in the clear; its connections close with the main server's.
 * The deadlines are the plain mode's: a connection silent before its first byte is closed at
 * the header deadline, and so is a TLS handshake that does not finish by then.
 */
export function httpsWithPlainFallback(
  tls: TlsFiles,
  handler: RequestListener,
  limits: ServerLimits = {},
): Server {
  // Both twins get the request and header deadlines (slow clients must not hold a socket), whichever protocol comes in.
  const { keepAliveTimeout, publicUrl, ...options } = limits;
  const deadline = options.headersTimeout ?? DEFAULT_HEADERS_TIMEOUT;
  const server = createHttpsServer(
    { cert: tls.cert, key: tls.key, handshakeTimeout: deadline, ...options },
    handler,
  );
  const plain = createHttpServer(
    options,
    redirectToHttps(httpsOrigin(publicUrl, certificateHosts(tls.cert))),
  );
  const silentLimit = Math.min(deadline, SILENT_AFTER_HANDSHAKE_MAX_MS);
  server.on('secureConnection', (socket: TLSSocket) => {
    // Node's HTTP server already listens for the socket's data: this only watches the first.
    const silent = setTimeout(() => socket.destroy(), silentLimit);
    socket.once('data', () => clearTimeout(silent));
    socket.once('close', () => clearTimeout(silent));
  });
  if (keepAliveTimeout !== undefined) {
    server.keepAliveTimeout = keepAliveTimeout;
    plain.keepAliveTimeout = keepAliveTimeout;
  }
  plain.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request.url) === PLAIN_UPGRADE_PATH) server.emit('upgrade', request, socket, head);
    else refusePlainUpgrade(socket);
  });
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    // Neither twin tracks a connection before its first byte says which one it belongs to.
    const silent = setTimeout(() => socket.destroy(), deadline);
    socket.once('close', () => clearTimeout(silent));
    socket.once('data', (first: Buffer) => {
      clearTimeout(silent);
      socket.pause();
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE)
        for (const listener of tlsListeners) listener.call(server, socket);
      else plain.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    plain.closeIdleConnections();
  };
  // Node tracks a server's connections (idle ones to close, request and header deadlines) from
  // its 'listening' event on; the twin never listens itself, so it is told when the port is.
  server.on('listening', () => plain.emit('listening'));
  server.on('close', () => {
    plain.closeAllConnections();
    plain.close(() => {}); // stops the twin's deadline checks; it has no port of its own
  });
  // Fastify types its server as http.Server; the https one serves the same API.
  return server as unknown as Server;
}

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/** A host header as a browser sends it: a name or address and an optional port, nothing else. */
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** An address or name as compared: lower case, an IPv6 address in its one short form. */
function canonicalHost(name: string): string {
  const bare = name.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return isIP(bare) === 6 ? new URL(`http://[${bare}]`).hostname.slice(1, -1) : bare;
}

/** The names and addresses a certificate is for (its subject alternative names, else its CN). */
export function certificateHosts(cert: string): string[] {
  const certificate = new X509Certificate(cert);
  const alt = (certificate.subjectAltName ?? '').split(', ').flatMap((entry) => {
    const match = /^(?:DNS|IP Address):(.+)$/.exec(entry.trim());
    return match ? [canonicalHost(match[1]!)] : [];
  });
  if (alt.length > 0) return alt;
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject)?.[1];
  return cn ? [canonicalHost(cn)] : [];
}

/** Whether a certificate name covers a host: equal, or a wildcard for exactly one label. */
function covers(name: string, host: string): boolean {
  if (!name.startsWith('*.')) return name === host;
  const dot = host.indexOf('.');
  return dot > 0 && host.slice(dot + 1) === name.slice(2);
}

/**
 * Where a plain-HTTP browser is sent (issue 42): PUBLIC_URL's host when it is set; otherwise the
 * request's own host, but only a name or address the certificate is for (a browser accepts
 * HTTPS for no other). An arbitrary Host header never becomes a redirect: null.
 */
export function httpsOrigin(
  publicUrl: string | undefined,
  hosts: readonly string[],
): (hostHeader: string | undefined) => string | null {
  if (publicUrl) {
    const origin = `https://${new URL(publicUrl).host}`;
    return () => origin;
  }
  return (hostHeader) => {
    const host = hostHeader ?? '';
    if (!HOST.test(host)) return null;
    const name = canonicalHost(host.replace(/:\d{1,5}$/, ''));
    return hosts.some((known) => covers(known, name)) ? `https://${host}` : null;
  };
}

/** A browser that came over plain HTTP goes to the HTTPS origin, or is only told to use HTTPS. */
function redirectToHttps(origin: (hostHeader: string | undefined) => string | null) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const target = origin(request.headers.host);
    if (target === null) {
      response.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ error: 'This port speaks HTTPS' }));
      return;
    }
    const location = `${target}${request.url?.startsWith('/') ? request.url : '/'}`;
    response.writeHead(308, { location, 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ error: 'This port speaks HTTPS', location }));
  };
}

/** Only scales upgrade over plain HTTP; a browser's socket must use wss://. */
function refusePlainUpgrade(socket: Duplex): void {
  socket.end(
    'HTTP/1.1 426 Upgrade Required\r\nUpgrade: TLS/1.2, HTTP/1.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
  );
}
