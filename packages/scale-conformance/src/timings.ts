/**
 * How long the kit waits for each thing. The defaults are the document's numbers and a person's
 * pace (a pairing code stays up long enough to be read); the kit's own tests shorten them.
 */
export interface KitTimings {
  /** The first connection of the scale under test. */
  connectTimeoutMs: number;
  /** The document's limit for HELLO after the socket opens. */
  helloTimeoutMs: number;
  /** How long a late HELLO is still waited for, so that the other cases can run. */
  helloGiveUpMs: number;
  /** How long the pairing code is shown before the kit confirms it (a person reads it). */
  pairingHoldMs: number;
  /** Readings counted for the rate. */
  rateWindowMs: number;
  pongTimeoutMs: number;
  /** After the unknown messages: the connection must stay open and readings keep coming. */
  unknownWindowMs: number;
  ackTimeoutMs: number;
  /** Readings after a changed setting are let settle this long before they are measured. */
  settleMs: number;
  /** Readings whose median is the standing weight. */
  measureMs: number;
  /** Each display page stays up this long for the person watching. */
  displayPageMs: number;
  /** Trying the unreachable network, going back and reporting it. */
  wifiTimeoutMs: number;
  /** A reconnection after a drop, beyond any wait the scale was told. */
  reconnectTimeoutMs: number;
  /** The shortest acceptable first back-off (the document's 0.5 s, with some tolerance). */
  backoffFloorMs: number;
  /** The retryAfter (seconds) of the kit's temporary REJECT. */
  retryAfterS: number;
  /** The kit PINGs every connection this often, as the server does (20 s). */
  pingIntervalMs: number;
  /** How long the kit stays silent for the dead-link case: the document's 45 s and a back-off. */
  deadLinkWindowMs: number;
  /** How long the kit shows "calibrate now" and waits for STATUS { calibrated }. */
  calibrationWindowMs: number;
  /** After a WELCOME that still carries a failed network: how long it must not be tried. */
  wifiRetryWindowMs: number;
  /** After the final REJECT: how long the scale must stay away. */
  finalWindowMs: number;
}

export const DEFAULT_TIMINGS: KitTimings = {
  connectTimeoutMs: 300_000,
  helloTimeoutMs: 5_000,
  helloGiveUpMs: 30_000,
  pairingHoldMs: 10_000,
  rateWindowMs: 3_000,
  pongTimeoutMs: 5_000,
  unknownWindowMs: 2_000,
  ackTimeoutMs: 5_000,
  settleMs: 1_500,
  measureMs: 1_000,
  displayPageMs: 4_000,
  wifiTimeoutMs: 120_000,
  reconnectTimeoutMs: 30_000,
  backoffFloorMs: 450,
  retryAfterS: 5,
  pingIntervalMs: 20_000,
  deadLinkWindowMs: 70_000,
  calibrationWindowMs: 60_000,
  wifiRetryWindowMs: 10_000,
  finalWindowMs: 30_000,
};
