import { bytesOf, roundGrams, sumOf } from './bytes';
import type { ScaleDriver, UnconvertibleUnit } from './types';

const HEADER = [0xfe, 0xef, 0xc0, 0xa2];
const MEASUREMENT = 0xd0;
const SET_TARE = 0xc1;

/** The avoirdupois ounce, exactly. */
const GRAMS_PER_OUNCE = 28.349523125;
/**
 * The imperial fluid ounce, exactly, in ml; water at 1 g/ml as in the scale's ml mode. The ESN00
 * uses this one: an object of 1079 g reads 38.0 fl oz (a US fluid ounce would give 36.5).
 */
const GRAMS_PER_FLUID_OUNCE_OF_WATER = 28.4130625;

/**
 * Grams per raw step of each unit byte. Grams and ml are sent in tenths; ounces, pounds:ounces
 * (the total in ounces) and fluid ounces in hundredths.
 */
const GRAMS_PER_STEP: Record<number, number> = {
  0x00: 0.1, // g
  0x01: GRAMS_PER_OUNCE / 100, // lb:oz
  0x02: 0.1, // ml of water
  0x03: GRAMS_PER_FLUID_OUNCE_OF_WATER / 100, // fl oz of water
  0x06: GRAMS_PER_OUNCE / 100, // oz
};
/** The milk modes divide by a density the scale does not tell (about 1.03): not guessed. */
const UNCONVERTIBLE: Record<number, UnconvertibleUnit> = {
  0x04: 'milk-ml',
  0x05: 'milk-floz',
};

function frame(type: number, payload: number[]): Uint8Array<ArrayBuffer> {
  const body = [type, payload.length, ...payload];
  return Uint8Array.from([...HEADER, ...body, sumOf(Uint8Array.from(body))]);
}

/**
 * Etekcity ESN00 nutrition scale: `FE EF C0 A2 type len payload sum`, the sum (mod 256) over
 * type, length and payload. A measurement (0xD0) is sign, uint16 BE value, unit, settled; the
 * value's step depends on the unit (GRAMS_PER_STEP).
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
    // Well-formed but no weight: an answer to a command, a status.
    if (b[4] !== MEASUREMENT) return { other: true };
    if (length !== 5) return null;
    const unit = b[9] ?? -1;
    const unconvertible = UNCONVERTIBLE[unit];
    if (unconvertible) return { unconvertible };
    const perStep = GRAMS_PER_STEP[unit];
    if (perStep === undefined) return null;
    const sign = b[6] === 1 ? -1 : 1;
    const raw = ((b[7] ?? 0) << 8) | (b[8] ?? 0);
    return { grams: roundGrams(sign * raw * perStep), stable: b[10] === 1 };
  },
  tare: [frame(SET_TARE, [0x00])],
  capacityGrams: () => 5000,
};
