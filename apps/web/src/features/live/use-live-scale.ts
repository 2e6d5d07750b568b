import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session-context';
import { useSocketConnect } from '../../lib/use-socket-connect';
import { useSocketEvent } from '../../lib/use-socket-event';
import { gameStateQueryOptions } from './api/game-state';

export interface LiveWeight {
  grams: number;
  stable: boolean;
}

/**
 * Subscribes to the scale's weight: SCALE_DATA and SCALE_STATUS feed the big number
 * and the dot. The game's snapshots (GAME_STATE) reach the cache through app/realtime-sync.
 */
export function useLiveScale(gameId: number | null, mac: string | null) {
  const { socket } = useSession();
  const queryClient = useQueryClient();
  const [weight, setWeight] = useState<LiveWeight | null>(null);
  const [connected, setConnected] = useState<boolean | null>(null);

  useEffect(() => {
    if (!mac) return;
    socket.send({ type: 'SELECT_SCALE', macAddress: mac });
    return () => socket.send({ type: 'UNSELECT_SCALE' });
  }, [socket, mac]);
  // The server forgets the selection with the socket: choose the scale again after a reconnect,
  // and catch up on the snapshot missed meanwhile.
  useSocketConnect(() => {
    if (mac) socket.send({ type: 'SELECT_SCALE', macAddress: mac });
    if (gameId) {
      void queryClient.invalidateQueries({ queryKey: gameStateQueryOptions(gameId).queryKey });
    }
  });

  useSocketEvent('SCALE_DATA', (m) => {
    if (m.macAddress === mac) setWeight({ grams: m.grams, stable: m.stable });
  });
  useSocketEvent('SCALE_STATUS', (m) => {
    if (m.macAddress !== mac) return;
    setConnected(m.connected);
    if (!m.connected) setWeight(null);
  });

  return { weight, connected };
}
