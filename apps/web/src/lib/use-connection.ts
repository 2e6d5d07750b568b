import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ConnectionStatus, SocketClient } from './socket-client';

/** How long "caught up" stays after a reconnect. */
export const CAUGHT_UP_MS = 3_000;
/** A scale said to be connected but silent this long has stopped sending readings. */
export const SCALE_SILENCE_MS = 3_000;

/** The socket's connection status, re-rendered on every change. */
export function useSocketStatus(socket: SocketClient): ConnectionStatus {
  return useSyncExternalStore(
    (onChange) => socket.onStatus(onChange),
    () => socket.status,
  );
}

/**
 * True for a moment after the connection came back from `reconnecting` or `offline`: the
 * screen caught up (the snapshot is fetched again on every connect) and says so briefly.
 */
export function useCaughtUp(status: ConnectionStatus): boolean {
  const [lost, setLost] = useState(false);
  const [shownAt, setShownAt] = useState<number | null>(null);
  if (status === 'reconnecting' || status === 'offline') {
    if (!lost) setLost(true);
  } else if (status === 'open' && lost) {
    setLost(false);
    setShownAt(Date.now());
  }
  useEffect(() => {
    if (shownAt === null) return;
    const timer = setTimeout(() => setShownAt(null), CAUGHT_UP_MS);
    return () => clearTimeout(timer);
  }, [shownAt]);
  return shownAt !== null && status === 'open';
}

/**
 * True when the scale is said to be connected but no reading arrived for SCALE_SILENCE_MS.
 * `reading` changes with every sample (a new object each time); `watching` is false while the
 * scale is not connected or the socket is down (then other words apply).
 */
export function useScaleSilence(reading: unknown, watching: boolean): boolean {
  const [silentSince, setSilentSince] = useState<unknown>(undefined);
  useEffect(() => {
    if (!watching) return;
    const timer = setTimeout(() => setSilentSince(() => reading), SCALE_SILENCE_MS);
    return () => clearTimeout(timer);
  }, [reading, watching]);
  return watching && silentSince === reading && silentSince !== undefined;
}
