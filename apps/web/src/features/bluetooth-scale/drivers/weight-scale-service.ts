import { bytesOf, GRAMS_PER_POUND, roundGrams } from './bytes';
import type { ScaleDriver } from './types';

const IMPERIAL = 0x01;
const TIME_STAMP = 0x02;
const USER_ID = 0x04;
const BMI_AND_HEIGHT = 0x08;
const RESERVED = 0xf0;
const UNSUCCESSFUL = 0xffff;

/**
 * The Bluetooth SIG Weight Scale Service (0x181D), Weight Measurement (0x2A9D): flags, uint16
 * LE in 5 g (SI) or 0.01 lb (imperial) steps, optional fields the flags announce; 0xFFFF means
 * the measurement was unsuccessful. A measurement is a final one, so it counts as stable.
 */
export const weightScaleServiceDriver: ScaleDriver = {
  id: 'weight-scale-service',
  label: 'Bluetooth Weight Scale',
  filters: [{ services: [0x181d] }],
  optionalServices: [0x181d],
  service: 0x181d,
  notify: 0x2a9d,
  matchesName: () => false,
  recognisedByService: true,
  decode(data) {
    const b = bytesOf(data);
    const flags = b[0] ?? 0;
    if (b.length < 3 || flags & RESERVED) return null;
    const length =
      3 +
      (flags & TIME_STAMP ? 7 : 0) +
      (flags & USER_ID ? 1 : 0) +
      (flags & BMI_AND_HEIGHT ? 4 : 0);
    if (b.length < length) return null;
    const raw = data.getUint16(1, true);
    // Well-formed, but no weight: the scale says so itself.
    if (raw === UNSUCCESSFUL) return { other: true };
    const grams = flags & IMPERIAL ? raw * 0.01 * GRAMS_PER_POUND : raw * 5;
    return { grams: roundGrams(grams), stable: true };
  },
  /** Body scales: 150 kg is the common maximum (the format itself reaches 327.675 kg). */
  capacityGrams: () => 150_000,
};
