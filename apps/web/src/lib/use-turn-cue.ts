import { useEffect, useRef } from 'react';

/** Short enough not to startle, long enough to feel through a table. */
export const TURN_VIBRATION_MS = [120, 80, 120];

/**
 * A short vibration when it becomes this player's turn (not when the page opens on it, nor
 * again for the same turn). Browsers without `navigator.vibrate` (iOS Safari, desktops) skip it;
 * the page shows its visible cue either way.
 */
export function useTurnCue(turnKey: string | null): void {
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = turnKey;
    if (turnKey === null || before === undefined || before === turnKey) return;
    if (typeof navigator.vibrate === 'function') navigator.vibrate(TURN_VIBRATION_MS);
  }, [turnKey]);
}
