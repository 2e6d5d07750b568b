/** Below this the platform counts as empty (scale noise around zero). */
export const EMPTY_BELOW_GRAMS = 2;
/** While something stands on the platform: 10 readings a second, the device protocol's rate. */
export const LOADED_INTERVAL_MS = 100;
/** An empty platform: once a second keeps the scale alive without flooding the socket. */
export const EMPTY_INTERVAL_MS = 1000;

export interface Forwarded {
  grams: number;
  at: number;
}

/**
 * Whether the bridge sends the latest reading now. The engine judges stability from a stream,
 * as it does for WiFi scales, so a loaded platform is repeated even when the scale sends nothing
 * new (many scales only notify on change); a change is sent at once.
 */
export function shouldForward(latest: number, last: Forwarded | null, now: number): boolean {
  if (!last) return true;
  if (latest !== last.grams) return true;
  const interval = Math.abs(latest) >= EMPTY_BELOW_GRAMS ? LOADED_INTERVAL_MS : EMPTY_INTERVAL_MS;
  return now - last.at >= interval;
}
