import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import type { GameState } from '@beerscale/contract/game-state';
import { ERRORS } from '@beerscale/contract/messages';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import {
  SEAT_GREETING_MS,
  WATCH_ERRORS,
  WATCH_SOCKET_PATH,
  watchToServerSchema,
} from '@beerscale/contract/watch';
import { upgradeRequired } from '../http/upgrade-required';
import type { SeatContext } from '../http/auth-guard';
import { BrowserConnection } from '../realtime/browser-connection';
import { isSameOrigin } from '../realtime/origin';
import type { WatchHub } from './watch-hub';
import { watchedScale, watcherView } from './watch-scope';
import type { WatchService } from './watch.service';

/** Watch sockets have no session: this stands where a session id would. */
const NO_SESSION = 'watch';

/** What the watch socket asks of the seats feature: the seat a token holds, with its game. */
export interface SeatSockets {
  openSocket(token: string): Promise<{ seat: SeatContext; state: GameState } | null>;
}

/**
 * `/ws/watch`: one game's GAME_STATE, SCALE_DATA and SCALE_STATUS in the shape watch-scope.ts
 * gives them, for whoever holds its watch link (`?token=`), or for a seat's phone, which opens
 * it without a token and names its seat in the first message, `{ type: 'SEAT', token }` (a
 * browser WebSocket sends no Authorization header, and a seat token stays out of URLs). Past
 * that it listens to nothing but PING and PONG.
 */
export function registerWatchSocket(
  app: FastifyInstance,
  watch: WatchService,
  hub: WatchHub,
  seats: SeatSockets,
) {
  app.route({
    method: 'GET',
    url: WATCH_SOCKET_PATH,
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      if (!isSameOrigin(request)) {
        socket.close(CLOSE_POLICY, 'Origin not allowed');
        return;
      }
      const token = new URL(request.url, 'http://local').searchParams.get('token');
      let ready: Promise<BrowserConnection | null> | null =
        token === null ? null : acceptLink(socket, request, token, watch, hub);
      // A seat's phone names its seat first, and soon: a silent socket holds nothing for long.
      const greeting =
        ready === null
          ? setTimeout(() => {
              if (ready === null) ready = Promise.resolve(refuse(socket, SEAT_REFUSALS.seatFirst));
            }, SEAT_GREETING_MS)
          : undefined;
      socket.on('close', () => clearTimeout(greeting));
      socket.on('message', (data, isBinary) => {
        const raw = isBinary ? '' : data.toString();
        if (ready === null) {
          clearTimeout(greeting);
          ready = acceptSeat(socket, request, raw, seats, hub);
          return;
        }
        void ready.then((conn) => conn && onMessage(conn, raw));
      });
    },
  });
}

function refuse(socket: WebSocket, message: string): null {
  if (socket.readyState !== socket.OPEN) return null;
  socket.send(JSON.stringify({ type: 'ERROR', message }));
  socket.close(CLOSE_POLICY, message);
  return null;
}

async function acceptLink(
  socket: WebSocket,
  request: FastifyRequest,
  token: string,
  watch: WatchService,
  hub: WatchHub,
): Promise<BrowserConnection | null> {
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
  return admitted(socket, hub, conn, state);
}

/** The first message of a socket without a link: SEAT and a token that holds a seat, or 1008. */
async function acceptSeat(
  socket: WebSocket,
  request: FastifyRequest,
  raw: string,
  seats: SeatSockets,
  hub: WatchHub,
): Promise<BrowserConnection | null> {
  const hello = watchToServerSchema.safeParse(parseJson(raw));
  if (!hello.success || hello.data.type !== 'SEAT') return refuse(socket, SEAT_REFUSALS.seatFirst);
  const opened = await seats.openSocket(hello.data.token).catch((err) => {
    request.log.error({ err }, 'seat socket');
    return null;
  });
  if (!opened) return refuse(socket, SEAT_REFUSALS.seatEnded);
  if (socket.readyState !== socket.OPEN) return null;
  const conn = new BrowserConnection(socket, 0, NO_SESSION, Date.now());
  hub.addSeat(opened.state.id, watchedScale(opened.state), opened.seat.playerId, conn);
  return admitted(socket, hub, conn, opened.state);
}

function admitted(
  socket: WebSocket,
  hub: WatchHub,
  conn: BrowserConnection,
  state: GameState,
): BrowserConnection {
  socket.on('close', () => hub.remove(conn));
  // What changed between the page's GET and this socket is not lost.
  conn.send({ type: 'GAME_STATE', game: watcherView(state) });
  return conn;
}

function onMessage(conn: BrowserConnection, raw: string): void {
  if (!conn.admit(Date.now())) return conn.send({ type: 'ERROR', message: ERRORS.tooManyRequests });
  const type = (parseJson(raw) as { type?: unknown } | null)?.type;
  if (type === 'PING') return conn.send({ type: 'PONG' });
  if (type !== 'PONG') conn.send({ type: 'ERROR', message: WATCH_ERRORS.readOnly });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
