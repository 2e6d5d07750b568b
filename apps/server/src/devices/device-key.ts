import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 192 random bits: a fast hash is enough to store a key this strong (no dictionary to try). */
export function newDeviceKey(): string {
  return randomBytes(24).toString('base64url');
}

export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function deviceKeyMatches(key: string | undefined, storedHash: string): boolean {
  if (!key) return false;
  const a = Buffer.from(hashDeviceKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
