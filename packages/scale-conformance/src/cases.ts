/**
 * The cases the kit grades, each with the sentence of docs/DEVICE-PROTOCOL.md it checks (a test
 * keeps every quote in that document). MANUAL cases need a person watching the scale's display.
 */
export const CASES = [
  {
    id: 'hello',
    title: 'HELLO within 5 s',
    quote:
      'The first message on every connection is `HELLO`, sent within 5 seconds of the socket opening.',
  },
  {
    id: 'key',
    title: 'Key kept and reused across reconnects',
    quote:
      "**Store the key in flash** (NVS/Preferences) and send it in every HELLO from now on; it is the scale's only credential.",
  },
  {
    id: 'rate',
    title: 'Reading rate within the limits',
    quote:
      'Send readings continuously while welcomed, at about **10 Hz** (every 100 ms), also while the platform is empty',
  },
  {
    id: 'pong',
    title: 'PONG in time',
    quote: 'A scale answers every `PING` with `PONG` within 5 seconds.',
  },
  {
    id: 'cmd-id',
    title: 'The same cmdId applied once and ACKed every time',
    quote: 'treat a repeated `cmdId` as the same command (apply it once, ACK it again).',
  },
  {
    id: 'unknown',
    title: 'Unknown message types and fields ignored',
    quote:
      'a firmware should ignore an unknown `type` (newer servers may add messages) and unknown fields.',
  },
  {
    id: 'retry-after',
    title: 'REJECT with retryAfter honoured',
    quote:
      '`retryAfter` marks a temporary refusal: connect again after at least that long (with your own back-off on top).',
  },
  {
    id: 'backoff',
    title: 'Back-off after abnormal closes (no storm)',
    quote:
      'After a connection ends without a REJECT, wait before connecting again: 0.5 s, then twice as long after every failed attempt, up to 10 s, plus up to a quarter more at random.',
  },
  {
    id: 'settings',
    title: 'SETTINGS applied (calibration_offset shifts the readings)',
    quote:
      'grams (-1000 to 1000, step 0.1) **added** to every reading before it is sent: `sent = measured + offset`.',
  },
  {
    id: 'wifi-failed',
    title: 'Failed WiFi reported',
    quote:
      'If the scale cannot join it, it goes back to the network it had and sends `STATUS { wifi: "failed", ssid }` once it is connected again.',
  },
  {
    id: 'pairing-quiet',
    title: 'Nothing but PING/PONG while the code shows',
    quote: 'Send nothing but PING/PONG while showing the code.',
  },
  {
    id: 'backoff-reset',
    title: 'Back-off reset by WELCOME',
    quote:
      '**Reset the back-off once a connection got `WELCOME` or `PAIRING`** (the server took the scale in), not when the socket merely opened',
  },
  {
    id: 'jitter',
    title: 'Back-off with a random part',
    quote:
      'The random part keeps a room full of scales that lost the WiFi together from coming back in the same millisecond.',
  },
  {
    id: 'dead-link',
    title: 'A silent link given up after 45 s',
    quote:
      'a scale that has heard **nothing for 45 seconds** while welcomed (or showing a code) should close the socket and reconnect (with back-off).',
  },
  {
    id: 'calibrated',
    title: 'STATUS calibrated after calibrating with a known weight',
    quote:
      "the load cell's factor (counts per gram) the scale found by calibrating itself with a known weight; stored as the scale's `calibration_factor` setting (ignored when out of range)",
  },
  {
    id: 'calibration-factor',
    title: 'SETTINGS calibration_factor applied',
    quote:
      "since 1.1: the load cell's counts per gram (10 to 1000000, or -1000000 to -10 when the cell is mounted the other way round): `measured = (counts - tare) / factor`.",
  },
  {
    id: 'status-minor',
    title: 'No STATUS to a 1.0 server',
    quote:
      'send it when there is something to say, only to a server whose WELCOME said `minor` 1 or more (a 1.0 server refuses the type).',
  },
  {
    id: 'wifi-once',
    title: 'A failed network not tried again for a WELCOME',
    quote:
      'do not try it again for a WELCOME, only when a later SETTINGS brings it (the owner set the WiFi again, even to the same name).',
  },
  {
    id: 'key-in-use',
    title: 'Key in use shown, and tried again after retryAfter',
    quote:
      'A scale refused with "Key in use" shows **"Key in use by another scale"** on its display and tries again after `retryAfter`',
  },
  {
    id: 'final-reject',
    title: 'No reconnecting after a REJECT without retryAfter (Message too large)',
    quote:
      'After `REJECT` without `retryAfter`, do not reconnect on your own (show the error) except where the refusal table says so.',
  },
  {
    id: 'pairing-code',
    title: 'Pairing code on the display',
    quote: 'Show the code large on the display, e.g. `Pair: 123 456`.',
  },
  {
    id: 'display-pages',
    title: 'Display pages',
    quote: 'Show the newest DISPLAY until the next one; it is always the truth.',
  },
] as const;

export type CaseId = (typeof CASES)[number]['id'];
export type Verdict = 'PASS' | 'FAIL' | 'MANUAL';

export interface CaseResult {
  id: CaseId;
  title: string;
  verdict: Verdict;
  /** What was measured, or for MANUAL what the scale must have shown. */
  detail: string;
  quote: string;
}
