import type { z } from 'zod';
import { issueMessages } from '@beerscale/contract/errors';
import { REFUSALS, VALIDATION } from '@beerscale/contract/messages';
import { containsUnstorableText } from '@beerscale/contract/text';
import { badRequest } from './http-error';

/**
 * Parses untrusted input with a contract schema. A failure is a 400 whose `error` is the first
 * message and `errors` all of them (the client shows the first). Text with NUL or
 * unpaired surrogates is refused before the schema looks (PostgreSQL cannot store it).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // Whatever the schema allows, text the tables cannot hold is refused here, for every route.
  if (containsUnstorableText(input)) throw badRequest(VALIDATION.textCharacters);
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const messages = issueMessages(result.error);
    throw badRequest(messages[0] ?? REFUSALS.invalidRequest, messages);
  }
  return result.data;
}
