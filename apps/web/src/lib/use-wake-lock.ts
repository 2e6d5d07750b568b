import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (a game runs on /live or /watch: phones lie on the table
 * and must not lock mid-round). The browser drops the lock whenever the page is hidden, so it
 * is asked for again each time the page becomes visible; it is released when `active` ends.
 * Browsers without the Screen Wake Lock API, or that refuse it (battery saver), simply sleep.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let requesting = false;
    let done = false;

    const acquire = () => {
      if (done || requesting || document.visibilityState !== 'visible') return;
      if (sentinel && !sentinel.released) return;
      requesting = true;
      wakeLock
        .request('screen')
        .then((granted) => {
          if (done) void granted.release();
          else sentinel = granted;
        })
        .catch(() => {
          // Refused (not visible any more, power saving): the next visibility change retries.
        })
        .finally(() => {
          requesting = false;
        });
    };

    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', acquire);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => {});
      sentinel = null;
    };
  }, [active]);
}
