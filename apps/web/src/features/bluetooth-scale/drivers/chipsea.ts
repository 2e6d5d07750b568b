import { bytesOf, GRAMS_PER_POUND, roundGrams, xorOf } from './bytes';
import type { Decoded, ScaleDriver } from './types';

const DECIMALS: Record<number, number> = { 0b000: 0, 0b010: 1, 0b100: 2, 0b110: 3 };
/** Grams per displayed unit, by the attribute's unit bits. */
const UNIT_GRAMS: Record<number, number> = {
  0b0000000: 1, // g
  0b0001000: 1, // ml (of water)
  0b1001000: GRAMS_PER_POUND, // lb on Chipsea-BLE
  0b0110000: GRAMS_PER_POUND, // lb on smartchef
};

/**
 * Layout "attribute byte" (bburky's smartchef decoder): `CA 10 len attr ? hi lo ... xor`; the
 * attribute byte holds the sign (b7), the unit (b6..3), the decimals (b2..1) and the stable
 * flag (b0); every byte after the first XORs to zero. Null when the frame is not this layout.
 */
function attributeLayout(b: Uint8Array): Decoded {
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
}

const word = (b: Uint8Array) => ((b[5] ?? 0) << 8) | (b[6] ?? 0);

/** Layout "whole grams" (a probe of a Chipsea-BLE kitchen scale): bytes 5-6 BE, byte 2 = 02 negative. */
function wholeGramsLayout(b: Uint8Array): Decoded {
  if (b.length < 7) return null;
  return { grams: (b[2] === 0x02 ? -1 : 1) * word(b) };
}

/** Layout "tenths" (Beanconqueror's smartchef): bytes 5-6 BE in tenths, byte 3 above 10 negative. */
function tenthsLayout(b: Uint8Array): Decoded {
  if (b.length < 7) return null;
  return { grams: roundGrams(((b[3] ?? 0) > 10 ? -1 : 1) * (word(b) / 10)) };
}

/**
 * Chipsea / OKOK kitchen scales ("Chipsea-BLE", "smartchef"). Descriptions of real units
 * disagree, so three layouts are read: a frame that fits the strict attribute layout (magic,
 * checksum, known unit) is read that way; any other frame of at least 7 bytes is read the way
 * the description of that name says (whole grams for Chipsea-BLE, tenths for smartchef). A
 * shorter frame is not understood and shown as such.
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
  decode(data, context) {
    const b = bytesOf(data);
    const strict = attributeLayout(b);
    if (strict) return strict;
    return /^smartchef/i.test(context.name) ? tenthsLayout(b) : wholeGramsLayout(b);
  },
  capacityGrams: () => 5000,
};
