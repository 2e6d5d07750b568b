import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import { ERRORS } from '@beerscale/contract/messages';
import { WATCH_ERRORS, WATCH_SOCKET_PATH } from '@beerscale/contract/watch';
import { upgradeRequired } from '../http/upgrade-required';
import { BrowserConnection } from '../realtime/browser-connection';
import { isSameOrigin } from '../realtime/origin';
import type { WatchHub } from './watch-hub';
import { watchedScale, watcherView } from './watch-scope';
import type { WatchService } from './watch.service';

/** Watch sockets have no session: this stands where a session id would. */
const NO_SESSION = 'watch';

/**
 * `/ws/watch?token=`: one game's GAME_STATE, SCALE_DATA and SCALE_STATUS for whoever holds its
 * watch link, in the shape watch-scope.ts gives them. It listens to nothing but PING and PONG.
 */
export function registerWatchSocket(app: FastifyInstance, watch: WatchService, hub: WatchHub) {
  app.route({
    method: 'GET',
    url: WATCH_SOCKET_PATH,
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      const ready = accept(socket, request, watch, hub);
      socket.on('message', (data, isBinary) => {
        void ready.then((conn) => conn && onMessage(conn, isBinary ? '' : data.toString()));
      });
    },
  });
}

function refuse(socket: WebSocket, message: string): null {
  socket.send(JSON.stringify({ type: 'ERROR', message }));
  socket.close(CLOSE_POLICY, message);
  return null;
}

async function accept(
  socket: WebSocket,
  request: FastifyRequest,
  watch: WatchService,
  hub: WatchHub,
): Promise<BrowserConnection | null> {
  if (!isSameOrigin(request)) {
    socket.close(CLOSE_POLICY, 'Origin not allowed');
    return null;
  }
  const token = new URL(request.url, 'http://local').searchParams.get('token') ?? '';
  const state = await watch.open(token).catch((err) => {
    request.log.error({ err }, 'watch socket');
    return null;
  });
  if (!state) return refuse(socket, WATCH_ERRORS.invalidLink);
  if (socket.readyState !== socket.OPEN) return null;
  const conn = new BrowserConnection(socket, 0, NO_SESSION, Date.now());
  if (!hub.add(state.id, watchedScale(state), token, conn, request.ip)) {
    conn.dispose();
    return refuse(socket, WATCH_ERRORS.tooManyWatchers);
  }
  socket.on('close', () => hub.remove(conn));
  // What changed between the page's GET and this socket is not lost.
  conn.send({ type: 'GAME_STATE', game: watcherView(state) });
  return conn;
}

function onMessage(conn: BrowserConnection, raw: string): void {
  if (!conn.admit(Date.now())) return conn.send({ type: 'ERROR', message: ERRORS.tooManyRequests });
  const type = messageType(raw);
  if (type === 'PING') return conn.send({ type: 'PONG' });
  if (type !== 'PONG') conn.send({ type: 'ERROR', message: WATCH_ERRORS.readOnly });
}

function messageType(raw: string): unknown {
  try {
    return (JSON.parse(raw) as { type?: unknown } | null)?.type;
  } catch {
    return null;
  }
}
