import { bytesOf, roundGrams, xorOf } from './bytes';
import type { ScaleDriver } from './types';

const PLUS = 0x2b;
const MINUS = 0x2d;

/**
 * Bookoo Themis: 20-byte frames `03 0B ms(3) unit sign grams*100(3, BE) ... battery ... xor`,
 * the last byte the XOR of all others. The scale has no stable flag.
 */
export const bookooDriver: ScaleDriver = {
  id: 'bookoo',
  label: 'Bookoo Themis',
  filters: [{ namePrefix: 'BOOKOO_SC' }, { services: [0x0ffe] }],
  optionalServices: [0x0ffe],
  service: 0x0ffe,
  notify: 0xff11,
  write: 0xff12,
  matchesName: (name) => /^bookoo_sc/i.test(name),
  recognisedByService: true,
  decode(data) {
    const b = bytesOf(data);
    if (b.length !== 20 || b[0] !== 0x03 || b[1] !== 0x0b) return null;
    if (xorOf(b, 0, 19) !== b[19]) return null;
    if (b[6] !== PLUS && b[6] !== MINUS) return null;
    const raw = ((b[7] ?? 0) << 16) | ((b[8] ?? 0) << 8) | (b[9] ?? 0);
    const battery = b[13] ?? 0;
    return {
      grams: roundGrams(((b[6] === MINUS ? -1 : 1) * raw) / 100),
      ...(battery <= 100 ? { battery } : {}),
    };
  },
  tare: [Uint8Array.from([0x03, 0x0a, 0x01, 0x00, 0x00, 0x08])],
  capacityGrams: () => 2000,
};
