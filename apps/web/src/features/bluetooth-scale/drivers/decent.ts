import { bytesOf, roundGrams, xorOf } from './bytes';
import type { ScaleDriver } from './types';

/** `03 type d1 d2 d3 d4 xor`: every command is seven bytes, the last the XOR of the others. */
export function decentCommand(type: number, data: [number, number, number, number]) {
  const body = [0x03, type, ...data];
  return Uint8Array.from([...body, xorOf(Uint8Array.from(body))]);
}

/**
 * The last data byte of LED-on and tare says whether the app will send heartbeats: 0x00 keeps
 * the Half Decent Scale's heartbeat rule (the link drops 5 s after the last heartbeat), 0x01
 * would opt out. The bridge keeps the rule and sends heartbeats, so a vanished page frees the
 * scale within seconds.
 */
const KEEP_HEARTBEAT_RULE = 0x00;
/** LED on, grams shown: the scale does not weigh until the app has written a command. */
const LED_ON = decentCommand(0x0a, [0x01, 0x01, 0x00, KEEP_HEARTBEAT_RULE]);
const TARE = decentCommand(0x0f, [0x00, 0x00, 0x00, KEEP_HEARTBEAT_RULE]);
const HEARTBEAT = decentCommand(0x0a, [0x03, 0xff, 0xff, 0x00]);
/** The maker's rule is one heartbeat at least every 5 s; 4 s leaves room for a slow write. */
export const DECENT_HEARTBEAT_MS = 4000;

/**
 * Decent Scale (and the Half Decent Scale): 7-byte frames (10 bytes from firmware 1.2 on)
 * `03 CE|CA int16-BE-tenths ... xor`, the last byte the XOR of all others; CE = stable. The
 * scale sometimes misses a tare, so it is sent twice, as its makers advise.
 */
export const decentDriver: ScaleDriver = {
  id: 'decent',
  label: 'Decent Scale',
  filters: [{ namePrefix: 'Decent' }],
  optionalServices: [0xfff0],
  service: 0xfff0,
  notify: 0xfff4,
  write: 0x36f5,
  matchesName: (name) => /^decent/i.test(name),
  recognisedByService: false,
  decode(data) {
    const b = bytesOf(data);
    if ((b.length !== 7 && b.length !== 10) || b[0] !== 0x03) return null;
    if (xorOf(b, 0, b.length - 1) !== b[b.length - 1]) return null;
    // Well-formed but no weight: a button press (AA), a LED or timer answer.
    if (b[1] !== 0xce && b[1] !== 0xca) return { other: true };
    return { grams: roundGrams(data.getInt16(2, false) / 10), stable: b[1] === 0xce };
  },
  tare: [TARE, TARE],
  handshake: () => [LED_ON],
  heartbeat: { intervalMs: DECENT_HEARTBEAT_MS, packets: () => [HEARTBEAT] },
  capacityGrams: () => 2000,
};
