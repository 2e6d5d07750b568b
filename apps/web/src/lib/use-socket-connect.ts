import { useEffect, useRef } from 'react';
import { useSession } from './session-context';

/**
 * Runs `handler` on every (re)connect of the live socket while the component is mounted. The
 * server forgets per-connection state (a SELECT_SCALE) when a socket drops, so a feature that
 * relies on it sends it again from here.
 */
export function useSocketConnect(handler: () => void): void {
  const { socket } = useSession();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => socket.onConnect(() => latest.current()), [socket]);
}
