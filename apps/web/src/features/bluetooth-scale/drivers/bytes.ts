/** The packet as bytes, whatever part of its buffer the DataView covers. */
export function bytesOf(data: DataView): Uint8Array {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export function xorOf(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let x = 0;
  for (let i = from; i < to; i += 1) x ^= bytes[i] ?? 0;
  return x;
}

export function sumOf(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let s = 0;
  for (let i = from; i < to; i += 1) s = (s + (bytes[i] ?? 0)) & 0xff;
  return s;
}

/** Avoids 123.39999999 in the UI and on the wire; a scale never resolves finer than 0.01 g. */
export function roundGrams(grams: number): number {
  const rounded = Math.round(grams * 100) / 100;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export const GRAMS_PER_POUND = 453.59237;
