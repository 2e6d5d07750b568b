import { bytesOf, roundGrams } from './bytes';
import type { ScaleDriver } from './types';

const PLUS = 0x2b;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const FRAME_LENGTH = 18;
/** Bytes 9 and 10 hold the unit, padded with a space: a real Arc sends ` g` (space first). */
const UNIT_FROM = 9;
const UNIT_TO = 11;
/** Tare is the ASCII letter T written to the same characteristic. */
const TARE = Uint8Array.from([0x54]);

/**
 * Felicita Arc, Incline and Parallel: service FFE0, one characteristic FFE1 both ways, no
 * handshake. A reading is an 18-byte frame `01 02 sign d d d d d d u u ... 0D 0A`: the sign as
 * ASCII `+`/`-`, six ASCII digits of hundredths of a gram, the unit in ASCII in bytes 9-10. The
 * published capture of a real Arc has ` g` there (space, then the letter), so the unit is read
 * as those two bytes without their padding, as Beanconqueror reads it. Any other unit (the
 * scales can show ounces) is not understood, never guessed.
 */
export const felicitaDriver: ScaleDriver = {
  id: 'felicita',
  label: 'Felicita',
  filters: [{ namePrefix: 'FELICITA' }],
  optionalServices: [0xffe0],
  service: 0xffe0,
  notify: 0xffe1,
  write: 0xffe1,
  matchesName: (name) => /^felicita/i.test(name),
  recognisedByService: false,
  decode(data) {
    const b = bytesOf(data);
    if (b.length !== FRAME_LENGTH || (b[2] !== PLUS && b[2] !== MINUS)) return null;
    const digits = b.subarray(3, 9);
    if (digits.some((d) => d < DIGIT_0 || d > DIGIT_9)) return null;
    const unit = String.fromCharCode(...b.subarray(UNIT_FROM, UNIT_TO)).trim();
    if (unit !== 'g') return null;
    const hundredths = Number(String.fromCharCode(...digits));
    return { grams: roundGrams(((b[2] === MINUS ? -1 : 1) * hundredths) / 100) };
  },
  tare: [TARE],
  capacityGrams: () => 2000,
};
