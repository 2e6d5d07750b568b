import { bytesOf, roundGrams } from './bytes';
import type { ScaleDriver } from './types';

/**
 * Timemore Black Mirror: it uses the Weight Scale service and characteristic (0x181D/0x2A9D)
 * but not their format: `10` then int32 LE tenths of a gram (a second weight follows). No
 * stable flag. Tare is a single 00 on its own command characteristic.
 */
export const timemoreDriver: ScaleDriver = {
  id: 'timemore',
  label: 'Timemore Black Mirror',
  filters: [{ namePrefix: 'TIMEMORE' }, { namePrefix: 'Timemore' }],
  optionalServices: [0x181d],
  service: 0x181d,
  notify: 0x2a9d,
  write: '553f4e49-bf21-4468-9c6c-0e4fb5b17697',
  matchesName: (name) => /timemore/i.test(name),
  recognisedByService: false,
  decode(data) {
    const b = bytesOf(data);
    if (b.length < 5 || b[0] !== 0x10) return null;
    return { grams: roundGrams(data.getInt32(1, true) / 10) };
  },
  tare: [Uint8Array.from([0x00])],
  capacityGrams: () => 2000,
};
