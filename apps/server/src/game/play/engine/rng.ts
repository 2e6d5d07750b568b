/**
 * mulberry32: a tiny seeded generator whose whole state is one 32-bit number, so it lives in the
 * engine's JSON state and a restarted game draws exactly the targets it would have drawn.
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return { value, state: next };
}

/** A whole number in [min, max], both included. */
export function nextInt(state: number, min: number, max: number): { value: number; state: number } {
  const { value, state: next } = nextRandom(state);
  return { value: min + Math.floor(value * (max - min + 1)), state: next };
}
