import { useEffect, useRef } from 'react';
import type { ServerToBrowserMap, ServerToBrowserType } from '@beerscale/contract/browser-socket';
import { useSession } from './session-context';

/** Subscribes a component to one socket message type for as long as it is mounted. */
export function useSocketEvent<K extends ServerToBrowserType>(
  type: K,
  handler: (message: ServerToBrowserMap[K]) => void,
): void {
  const { socket } = useSession();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => socket.on(type, (message) => latest.current(message)), [socket, type]);
}
