import type { z } from 'zod';
import { issueMessages } from '@beerscale/contract/errors';
import { badRequest } from './http-error';

/**
 * Parses untrusted input with a contract schema. A failure is a 400 whose `error` is the first
 * message and `errors` all of them (SPEC §7: the client shows the first).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const messages = issueMessages(result.error);
    throw badRequest(messages[0] ?? 'Invalid request', messages);
  }
  return result.data;
}
