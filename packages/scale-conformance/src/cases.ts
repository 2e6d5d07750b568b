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
