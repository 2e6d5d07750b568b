import {
  createServer as createHttpServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

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
}

/** Every TLS connection opens with a handshake record. */
const TLS_HANDSHAKE = 0x16;
/** The one path a client may use over plain HTTP on the TLS port: WiFi scales' ws://. */
const PLAIN_UPGRADE_PATH = '/ws/device';
/** Node's own default header deadline, when none is given. */
const DEFAULT_HEADERS_TIMEOUT = 60_000;

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
  const { keepAliveTimeout, ...options } = limits;
  const deadline = options.headersTimeout ?? DEFAULT_HEADERS_TIMEOUT;
  const server = createHttpsServer(
    { cert: tls.cert, key: tls.key, handshakeTimeout: deadline, ...options },
    handler,
  );
  const plain = createHttpServer(options, redirectToHttps);
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

/** A browser that came over plain HTTP goes to the same address over HTTPS. */
function redirectToHttps(request: IncomingMessage, response: ServerResponse): void {
  const host = request.headers.host ?? '';
  if (!HOST.test(host)) {
    response.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ error: 'This port speaks HTTPS' }));
    return;
  }
  const location = `https://${host}${request.url?.startsWith('/') ? request.url : '/'}`;
  response.writeHead(308, { location, 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error: 'This port speaks HTTPS', location }));
}

/** Only scales upgrade over plain HTTP; a browser's socket must use wss://. */
function refusePlainUpgrade(socket: Duplex): void {
  socket.end(
    'HTTP/1.1 426 Upgrade Required\r\nUpgrade: TLS/1.2, HTTP/1.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
  );
}
