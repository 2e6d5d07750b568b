import { useEffect, useRef, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { WATCH_SOCKET_PATH } from '@beerscale/contract/watch';
import {
  DEFAULT_LIVENESS_MS,
  SocketClient,
  type ConnectionStatus,
  type SocketLike,
} from '../../lib/socket-client';

export interface SeatSocket {
  /** The watch socket's state: the seat says "Reconnecting…" and "Back" from it. */
  connection: ConnectionStatus;
  /** The scale's newest weight while the socket is open (null before one came, or down). */
  weight: { grams: number; stable: boolean } | null;
}

/** The watch socket's address: no token in it; the seat is named in the first message. */
function seatSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WATCH_SOCKET_PATH}`;
}

/**
 * A seat's phone follows its game on the watch socket (docs/ARCHITECTURE.md, Seats): it opens
 * `/ws/watch` and says `{ type: 'SEAT', token }` first, then hears the game's GAME_STATE (handed
 * to `onGame`) and the scale's weight. The session's socket client reconnects and pings; a
 * policy close (a seat released or left) has `recheck` ask the server, which ends the seat when
 * the token holds none any more.
 */
export function useSeatSocket(
  token: string,
  onGame: (game: GameState) => void,
  recheck: () => Promise<boolean>,
  createSocket?: (url: string) => SocketLike,
): SeatSocket {
  const [connection, setConnection] = useState<ConnectionStatus>('connecting');
  const [weight, setWeight] = useState<SeatSocket['weight']>(null);
  // The newest callbacks, read when the socket speaks: a new one must not reopen the socket.
  const latest = useRef({ onGame, recheck });
  useEffect(() => {
    latest.current = { onGame, recheck };
  });

  useEffect(() => {
    const client = new SocketClient({
      url: seatSocketUrl,
      getToken: () => token,
      greeting: (seat) => ({ type: 'SEAT', token: seat }),
      loadProtocol: () => import('../../lib/socket-protocol').then((m) => m.socketProtocol),
      recheckToken: () => latest.current.recheck(),
      createSocket,
      livenessMs: DEFAULT_LIVENESS_MS,
      network: window,
    });
    const off = [
      client.onStatus((status) => {
        setConnection(status);
        if (status !== 'open') setWeight(null);
      }),
      client.on('GAME_STATE', ({ game }) => latest.current.onGame(game)),
      client.on('SCALE_DATA', ({ grams, stable }) => setWeight({ grams, stable })),
      client.on('SCALE_STATUS', ({ connected }) => {
        if (!connected) setWeight(null);
      }),
    ];
    client.start();
    return () => {
      off.forEach((unsubscribe) => unsubscribe());
      client.stop();
    };
  }, [token, createSocket]);

  return { connection, weight };
}
