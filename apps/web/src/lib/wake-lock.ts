/**
 * Keeps the screen on while something needs it (a bridged Bluetooth scale, the live view). The
 * browser drops a wake lock whenever the page is hidden, so it is taken again when the page is
 * visible again. Browsers without the API (or refusing it) simply let the screen sleep.
 */
export class ScreenWakeLock {
  private holders = 0;
  private sentinel: WakeLockSentinel | null = null;
  private listening = false;

  hold(): () => void {
    this.holders += 1;
    this.listen();
    void this.acquire();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders === 0) {
        void this.sentinel?.release().catch(() => undefined);
        this.sentinel = null;
      }
    };
  }

  private listen(): void {
    if (this.listening || typeof document === 'undefined') return;
    this.listening = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.acquire();
    });
  }

  private async acquire(): Promise<void> {
    if (this.holders === 0 || (this.sentinel && !this.sentinel.released)) return;
    if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    try {
      const granted = await navigator.wakeLock.request('screen');
      // The last holder may have let go while the browser was deciding.
      if (this.holders === 0) void granted.release().catch(() => undefined);
      else this.sentinel = granted;
    } catch {
      // Refused (page hidden, battery saver, no permission): the screen may sleep.
    }
  }
}

/** One lock for the whole page: holders count, the screen sleeps when the last one lets go. */
export const screenWakeLock = new ScreenWakeLock();
