import { z } from 'zod';
import { LANGUAGES } from './profile';

/** The result card: Open Graph's preview size, in the reader's language (English by default). */
export const CARD_SIZE = { width: 1200, height: 630 } as const;
export const cardQuerySchema = z.object({
  lang: z.enum(LANGUAGES, { error: 'Language must be en or de' }).optional(),
});
export type CardQuery = z.infer<typeof cardQuerySchema>;

/**
 * A PNG's bytes: declared so that the table names the success reply; sent as image/png (the
 * server sends a Buffer, a browser reads a Blob).
 */
export const pngReplySchema = z.custom<Uint8Array | Blob>(
  (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
);
