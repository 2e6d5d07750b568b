import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session-context';
import { useSocketConnect } from '../../lib/use-socket-connect';
import { useSocketEvent } from '../../lib/use-socket-event';
import { gameStateKey } from './api/game-state';

export interface LiveWeight {
  grams: number;
  stable: boolean;
}

/**
 * Subscribes to the game's snapshots and the scale's weight (DESIGN §7): GAME_STATE replaces
 * the cached snapshot, SCALE_DATA and SCALE_STATUS feed the big number and the dot.
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
    if (gameId) void queryClient.invalidateQueries({ queryKey: gameStateKey(gameId) });
  });

  useSocketEvent('GAME_STATE', ({ game }) => {
    if (game.id === gameId) queryClient.setQueryData(gameStateKey(game.id), game);
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
