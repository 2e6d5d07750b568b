import type { KitTimings } from './timings';

/**
 * The kit's waits for its own tests: a simulated scale answers at once, so seconds become
 * tenths. The back-off floor matches a simulator whose back-off starts at 150 ms.
 */
export const TEST_TIMINGS: Partial<KitTimings> = {
  connectTimeoutMs: 10_000,
  helloTimeoutMs: 1_000,
  helloGiveUpMs: 5_000,
  pairingHoldMs: 20,
  rateWindowMs: 1_200,
  pongTimeoutMs: 1_000,
  unknownWindowMs: 500,
  ackTimeoutMs: 800,
  settleMs: 300,
  measureMs: 400,
  displayPageMs: 0,
  wifiTimeoutMs: 2_000,
  reconnectTimeoutMs: 5_000,
  backoffFloorMs: 100,
  retryAfterS: 1,
};

/** The simulator's first back-off in the kit's tests (ms). */
export const TEST_BACKOFF_MS = 150;
