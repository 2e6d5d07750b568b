// Zod-free, so the registration page can clean and check an address without loading zod
// (the wire schema, macSchema, is in mac.ts).
import { MAC_LENGTH } from './limits';

const MAC_PATTERN = /^[0-9A-F]{12}$/;

/** What the MAC input does to whatever is typed or pasted: hex digits, upper case, 12 at most. */
export function cleanMac(input: string): string {
  return input
    .replace(/[^0-9a-fA-F]/g, '')
    .toUpperCase()
    .slice(0, MAC_LENGTH);
}

export function isValidMac(mac: string): boolean {
  return MAC_PATTERN.test(mac);
}

/** The query parameters a device link may carry the scale address in, in that order. */
export const MAC_QUERY_KEYS = ['mac', 'macAddress', 'device', 'id'] as const;

export function macFromQuery(params: URLSearchParams): string | null {
  for (const key of MAC_QUERY_KEYS) {
    const value = params.get(key);
    if (value) return cleanMac(value);
  }
  return null;
}
