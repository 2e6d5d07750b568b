import { z } from 'zod';

/** DESIGN §6: every refusal is `{ error }`, plus `errors` when several rules failed at once. */
export const errorReplySchema = z.object({
  error: z.string(),
  errors: z.array(z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The messages of a failed parse, first one first, without zod's decoration. */
export function issueMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => issue.message);
}
