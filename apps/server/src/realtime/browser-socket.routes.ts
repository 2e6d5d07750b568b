import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import {
  CLOSE_POLICY,
  browserToServerSchema,
  type BrowserToServer,
} from '@beerscale/contract/browser-socket';
import { ERRORS } from '@beerscale/contract/messages';
import type { AuthService } from '../auth/auth.service';
import { BrowserConnection } from './browser-connection';
import type { BrowserHub } from './browser-hub';
import type { BrowserMessageRouter } from './browser-messages';
import type { PresenceService } from './presence.service';
import { isSameOrigin } from './origin';
import { AddressCounter } from './address-counter';
import { upgradeRequired } from '../http/upgrade-required';

interface Deps {
  auth: AuthService;
  hub: BrowserHub;
  presence: PresenceService;
  router: BrowserMessageRouter;
  /** Open sockets per account (on this instance) and per remote address (README.md, Limits). */
  caps: { perUser: number; perAddress: number };
}

/**
 * `/ws?token=JWT`: the browser's live channel (docs/ARCHITECTURE.md, Live channel and presence).
 */
export function registerBrowserSocket(app: FastifyInstance, deps: Deps): void {
  const addresses = new AddressCounter(deps.caps.perAddress);
  app.route({
    method: 'GET',
    url: '/ws',
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      // Counted from the upgrade, before the token is checked: waiting sockets cost too.
      const address = request.ip;
      if (!addresses.tryTake(address)) return refuse(socket, ERRORS.tooManySocketsFromAddress);
      socket.once('close', () => addresses.release(address));
      // Messages may arrive while the token is being checked; they wait for the verdict.
      const ready = accept(socket, request, deps);
      socket.on('message', (data, isBinary) => {
        void ready.then((conn) => conn && onMessage(conn, data.toString(), isBinary, deps, app));
      });
    },
  });
}

/**
 * An ERROR the page can show (it rechecks a token the message mentions), then 1008, which the
 * page does not retry with a dead token (README.md, Limits). A close reason is at most 123 bytes.
 */
function refuse(socket: WebSocket, message: string, reason = message): void {
  socket.send(JSON.stringify({ type: 'ERROR', message }));
  socket.close(CLOSE_POLICY, reason.slice(0, 100));
}

async function accept(
  socket: WebSocket,
  request: FastifyRequest,
  { auth, hub, presence, caps }: Deps,
): Promise<BrowserConnection | null> {
  if (!isSameOrigin(request)) {
    socket.close(CLOSE_POLICY, 'Origin not allowed');
    return null;
  }
  const token = new URL(request.url, 'http://local').searchParams.get('token');
  const context = token ? await auth.authenticate(token).catch(() => null) : null;
  if (!token || !context) {
    refuse(socket, ERRORS.invalidToken, 'Invalid token');
    return null;
  }
  if (socket.readyState !== socket.OPEN) return null;
  // Nothing awaits between this check and hub.add: a burst cannot slip past the cap.
  if (hub.socketsOf(context.user.id) >= caps.perUser) {
    refuse(socket, ERRORS.tooManySocketsForUser);
    return null;
  }
  const conn = new BrowserConnection(socket, context.user.id, context.jti, Date.now());
  hub.add(conn);
  // The token checked out, so its exp is there and trustworthy.
  const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
  conn.expireAt(expiresAt, () => {
    conn.send({ type: 'ERROR', message: ERRORS.invalidToken });
    conn.close(CLOSE_POLICY, 'Token expired');
  });
  socket.on('close', () => {
    hub.remove(conn);
    presence.socketClosed(conn.userId);
  });
  await presence.connected(conn.userId).catch((err) => request.log.warn({ err }, 'presence'));
  return conn;
}

async function onMessage(
  conn: BrowserConnection,
  raw: string,
  isBinary: boolean,
  { router }: Deps,
  app: FastifyInstance,
): Promise<void> {
  if (!conn.admit(Date.now())) {
    conn.send({ type: 'ERROR', message: ERRORS.tooManyRequests });
    return;
  }
  const message = isBinary ? null : parseMessage(raw);
  if (!message) {
    conn.send({ type: 'ERROR', message: 'Malformed message' });
    return;
  }
  if (message.type === 'PING') return conn.send({ type: 'PONG' });
  if (message.type === 'PONG') return;
  const handler = router.get(message.type) as
    | ((c: BrowserConnection, m: BrowserToServer) => Promise<string | void> | string | void)
    | undefined;
  if (!handler) {
    conn.send({ type: 'ERROR', message: `${message.type} is not available` });
    return;
  }
  try {
    const refusal = await handler(conn, message);
    if (refusal) conn.send({ type: 'ERROR', message: refusal });
  } catch (err) {
    app.log.error({ err, type: message.type }, 'socket handler failed');
    conn.send({ type: 'ERROR', message: ERRORS.internal });
  }
}

function parseMessage(raw: string): BrowserToServer | null {
  try {
    const result = browserToServerSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
