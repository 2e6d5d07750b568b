import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  SEAT_TOKEN_BYTES,
} from '@beerscale/contract/seat-messages';

/** A join code drawn uniformly from the alphabet without look-alikes. */
export function drawJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1) {
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  }
  return code;
}

/** 128 random bits: the phone's only proof of its seat. */
export const newSeatToken = (): string => randomBytes(SEAT_TOKEN_BYTES).toString('base64url');

/**
 * What the database keeps of a seat token. Unsalted SHA-256 suffices for 128 random bits (no
 * dictionary to try) and lets the token be looked up directly.
 */
export const hashSeatToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
