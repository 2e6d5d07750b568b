import {
  createServer as createHttpServer,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';

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

/**
 * One port, both protocols: browsers get HTTPS (Web Bluetooth needs a secure context on a phone),
 * while a WiFi scale on the LAN keeps speaking plain `ws://` to the same address, as its firmware
 * knows it. The first byte of a connection tells them apart. Plain connections are handed to a
 * twin http server whose requests and upgrades land in the same Fastify handler and WebSocket
 * server; its connections close with the main server's.
 */
export function httpsWithPlainFallback(
  tls: TlsFiles,
  handler: RequestListener,
  limits: ServerLimits = {},
): Server {
  // Both twins get the request and header deadlines (DESIGN §6), whichever protocol comes in.
  const { keepAliveTimeout, ...options } = limits;
  const server = createHttpsServer({ cert: tls.cert, key: tls.key, ...options }, handler);
  const plain = createHttpServer(options, handler);
  if (keepAliveTimeout !== undefined) {
    server.keepAliveTimeout = keepAliveTimeout;
    plain.keepAliveTimeout = keepAliveTimeout;
  }
  plain.on('upgrade', (...args) => server.emit('upgrade', ...args));
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    socket.once('data', (first: Buffer) => {
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
