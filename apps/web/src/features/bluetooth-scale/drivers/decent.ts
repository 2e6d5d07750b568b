import { bytesOf, roundGrams, xorOf } from './bytes';
import type { ScaleDriver } from './types';

const TARE = Uint8Array.from([0x03, 0x0f, 0x00, 0x00, 0x00, 0x00, 0x0c]);

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
    if (b[1] !== 0xce && b[1] !== 0xca) return null;
    return { grams: roundGrams(data.getInt16(2, false) / 10), stable: b[1] === 0xce };
  },
  tare: [TARE, TARE],
};
