import { bytesOf, roundGrams, sumOf } from './bytes';
import type { ScaleDriver } from './types';

const HEADER = [0xfe, 0xef, 0xc0, 0xa2];
const MEASUREMENT = 0xd0;
const SET_TARE = 0xc1;
/**
 * Grams per tenth of the displayed unit. Only the units whose scale is documented are taken;
 * in ounce modes the packet is refused (the player is asked to set the scale to grams).
 */
const UNIT_GRAMS_PER_TENTH: Record<number, number> = {
  0x00: 0.1, // g
  0x02: 0.1, // ml of water
  0x04: 0.103, // ml of milk (1.03 g/ml)
};

function frame(type: number, payload: number[]): Uint8Array<ArrayBuffer> {
  const body = [type, payload.length, ...payload];
  return Uint8Array.from([...HEADER, ...body, sumOf(Uint8Array.from(body))]);
}

/**
 * Etekcity ESN00 nutrition scale: `FE EF C0 A2 type len payload sum`, the sum (mod 256) over
 * type, length and payload. A measurement (0xD0) is sign, uint16 BE tenths, unit, settled.
 */
export const etekcityDriver: ScaleDriver = {
  id: 'etekcity',
  label: 'Etekcity ESN00 nutrition scale',
  filters: [{ services: [0x1910] }, { namePrefix: 'Etekcity' }],
  optionalServices: [0x1910],
  service: 0x1910,
  notify: 0x2c12,
  write: 0x2c11,
  matchesName: (name) => /^(etekcity|esn00)/i.test(name),
  recognisedByService: true,
  decode(data) {
    const b = bytesOf(data);
    if (b.length < 7 || HEADER.some((byte, i) => b[i] !== byte)) return null;
    const length = b[5] ?? 0;
    if (b.length !== 7 + length) return null;
    if (sumOf(b, 4, 6 + length) !== b[6 + length]) return null;
    if (b[4] !== MEASUREMENT || length !== 5) return null;
    const perTenth = UNIT_GRAMS_PER_TENTH[b[9] ?? -1];
    if (perTenth === undefined) return null;
    const sign = b[6] === 1 ? -1 : 1;
    const raw = ((b[7] ?? 0) << 8) | (b[8] ?? 0);
    return { grams: roundGrams(sign * raw * perTenth), stable: b[10] === 1 };
  },
  tare: [frame(SET_TARE, [0x00])],
};
