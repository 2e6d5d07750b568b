import type { KitTimings } from './timings';

/**
 * The kit's waits for its own tests: a simulated scale answers at once, so seconds become
 * tenths. The back-off floor suits a simulator whose back-off starts at TEST_BACKOFF_MS.
 */
export const TEST_TIMINGS: Partial<KitTimings> = {
  connectTimeoutMs: 10_000,
  helloTimeoutMs: 1_000,
  helloGiveUpMs: 5_000,
  // Long enough for a few readings at 10 Hz: the broken copy that streams while pairing shows.
  pairingHoldMs: 350,
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
  pingIntervalMs: 400,
  // The simulator's 1.5 s and its longest back-off (2.4 s and a quarter), with some room.
  deadLinkWindowMs: 6_000,
  calibrationWindowMs: 1_500,
  wifiRetryWindowMs: 700,
  finalWindowMs: 1_200,
};

/** The simulator's dead-link timeout in the kit's tests (the document's 45 s, shortened). */
export const TEST_DEAD_LINK_MS = 1_500;

/**
 * The simulator's first back-off in the kit's tests (ms): long enough that its random part
 * (a quarter) stands out of the timing noise of a busy test process.
 */
export const TEST_BACKOFF_MS = 300;
/** Its longest wait: a copy that never resets its back-off still comes back within the kit's waits. */
export const TEST_MAX_BACKOFF_MS = 2_400;
