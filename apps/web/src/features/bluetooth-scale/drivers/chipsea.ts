import { bytesOf, GRAMS_PER_POUND, roundGrams, xorOf } from './bytes';
import type { ScaleDriver } from './types';

const DECIMALS: Record<number, number> = { 0b000: 0, 0b010: 1, 0b100: 2, 0b110: 3 };
/** Grams per displayed unit, by the attribute's unit bits. */
const UNIT_GRAMS: Record<number, number> = {
  0b0000000: 1, // g
  0b0001000: 1, // ml (of water)
  0b1001000: GRAMS_PER_POUND, // lb on Chipsea-BLE
  0b0110000: GRAMS_PER_POUND, // lb on smartchef
};

/**
 * Chipsea / OKOK kitchen scales ("Chipsea-BLE", "smartchef"): `CA 10 len attr ? hi lo ... xor`;
 * the attribute byte holds the sign (b7), the unit (b6..3), the decimals (b2..1) and the stable
 * flag (b0); every byte after the first XORs to zero.
 */
export const chipseaDriver: ScaleDriver = {
  id: 'chipsea',
  label: 'Chipsea / OKOK kitchen scale',
  filters: [{ namePrefix: 'Chipsea-BLE' }, { namePrefix: 'smartchef' }],
  optionalServices: [0xfff0],
  service: 0xfff0,
  notify: 0xfff1,
  matchesName: (name) => /^(chipsea-ble|smartchef)/i.test(name),
  recognisedByService: false,
  decode(data) {
    const b = bytesOf(data);
    if (b.length < 8 || b[0] !== 0xca || b[1] !== 0x10) return null;
    if (xorOf(b, 1) !== 0) return null;
    const attr = b[3] ?? 0;
    const decimals = DECIMALS[attr & 0b110] ?? 0;
    const unitGrams = UNIT_GRAMS[attr & 0b01111000];
    if (unitGrams === undefined) return null;
    const raw = ((b[5] ?? 0) << 8) | (b[6] ?? 0);
    const sign = attr & 0x80 ? -1 : 1;
    return {
      grams: roundGrams((sign * raw * unitGrams) / 10 ** decimals),
      stable: (attr & 0x01) === 1,
    };
  },
};
