import { useEffect, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { WATCH_SOCKET_PATH } from '@beerscale/contract/watch';
import { ApiError } from '../../lib/api-client';
import {
  DEFAULT_LIVENESS_MS,
  SocketClient,
  type ConnectionStatus,
  type SocketLike,
} from '../../lib/socket-client';
import { fetchWatchState } from './api/watch-state';

export interface WatchedWeight {
  grams: number;
  stable: boolean;
}

export type WatchStatus = 'loading' | 'live' | 'reconnecting' | 'invalid';

export interface Watched {
  status: WatchStatus;
  game: GameState | null;
  weight: WatchedWeight | null;
  scaleConnected: boolean | null;
  /** The server's last word on this link (too many watchers, replaced), if any. */
  notice: string | null;
  /** The watch socket's state: the page says "Reconnecting…"/"Offline" and dims while down. */
  connection: ConnectionStatus;
}

function watchSocketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WATCH_SOCKET_PATH}?token=${encodeURIComponent(token)}`;
}

const isGone = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 400);

/**
 * One game through its watch link: the snapshot from GET /api/watch/{token}, then the watch
 * socket's GAME_STATE, SCALE_DATA and SCALE_STATUS. The socket client is the session's own
 * (reconnects, PING), with the link as its token: a policy close whose link no longer opens
 * anything ends it.
 */
export function useWatchedGame(token: string, createSocket?: (url: string) => SocketLike): Watched {
  const [watched, setWatched] = useState<Watched>({
    status: 'loading',
    game: null,
    weight: null,
    scaleConnected: null,
    notice: null,
    connection: 'connecting',
  });

  useEffect(() => {
    const update = (change: Partial<Watched>) => setWatched((w) => ({ ...w, ...change }));
    const abort = new AbortController();
    const goneFor = () => update({ status: 'invalid' });
    const client = new SocketClient({
      url: watchSocketUrl,
      getToken: () => token,
      loadProtocol: () => import('../../lib/socket-protocol').then((m) => m.socketProtocol),
      recheckToken: async () => {
        try {
          await fetchWatchState(token, abort.signal);
          return true;
        } catch (err) {
          if (!isGone(err)) return true;
          goneFor();
          return false;
        }
      },
      createSocket,
      livenessMs: DEFAULT_LIVENESS_MS,
      network: window,
    });
    const off = [
      client.onStatus((connection) => update({ connection })),
      client.on('GAME_STATE', ({ game }) => update({ status: 'live', game, notice: null })),
      client.on('SCALE_DATA', ({ grams, stable }) => update({ weight: { grams, stable } })),
      client.on('SCALE_STATUS', ({ connected }) =>
        update(connected ? { scaleConnected: true } : { scaleConnected: false, weight: null }),
      ),
      client.on('ERROR', ({ message }) => update({ notice: message, status: 'reconnecting' })),
    ];
    fetchWatchState(token, abort.signal)
      .then((game) => {
        setWatched((w) => (w.game ? w : { ...w, status: 'live', game }));
        client.start();
      })
      .catch((err) => {
        if (abort.signal.aborted) return;
        if (isGone(err)) goneFor();
        else {
          // No answer (offline, a restart): the socket brings the game when it connects.
          update({ status: 'reconnecting' });
          client.start();
        }
      });
    return () => {
      abort.abort();
      off.forEach((unsubscribe) => unsubscribe());
      client.stop();
    };
  }, [token, createSocket]);

  return watched;
}
