import { z } from 'zod';
import { isValidMac } from './mac-address';
import { VALIDATION } from './messages';

/**
 * A MAC on the wire: 12 hex digits, no separators. Lower case is accepted and stored
 * upper case, so that one scale never becomes two rows.
 */
export const macSchema = z
  .string({ error: VALIDATION.macRequired })
  .min(1, VALIDATION.macRequired)
  .transform((value) => value.toUpperCase())
  .refine(isValidMac, VALIDATION.invalidMac);
