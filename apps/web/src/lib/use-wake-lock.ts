import { useEffect } from 'react';
import { screenWakeLock } from './wake-lock';

/** Keeps the screen on while the component is mounted and `active` holds. */
export function useWakeLock(active = true): void {
  useEffect(() => (active ? screenWakeLock.hold() : undefined), [active]);
}
