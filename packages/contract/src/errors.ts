import { z } from 'zod';

/**
 * Every refusal is `{ error }`, plus `errors` when several rules failed at once.
 * `code` is stable (error-codes.ts) so clients can word the refusal in the reader's language;
 * `error` stays the fixed English text (messages.ts).
 */
export const errorReplySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The messages of a failed parse, first one first, without zod's decoration. */
export function issueMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => issue.message);
}
