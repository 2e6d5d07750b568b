import { ACCOUNT_REFUSALS } from './account-messages';
import { toCode } from './error-code-case';
import { GROUP_REFUSALS, TOURNAMENT_REFUSALS } from './group-messages';
import { ERRORS, REFUSALS, VALIDATION } from './messages';
import {
  BRIDGE_REFUSALS,
  LOBBY_MESSAGES,
  PAIRING_MESSAGES,
  NAME_REFUSALS,
  REPORT_REFUSALS,
  WATCH_ERRORS,
} from './refusal-messages';
import { RULE_MESSAGES } from './rule-messages';
import { DRINK_MESSAGES } from './drinks';
import { SEAT_REFUSALS } from './seat-messages';

// Every refusal the server words has a stable code beside its English text, so a client can
// show it in the reader's language. A code is the text's key in SCREAMING_SNAKE_CASE.

export const ERROR_GROUPS = [
  VALIDATION,
  ERRORS,
  REFUSALS,
  LOBBY_MESSAGES,
  PAIRING_MESSAGES,
  WATCH_ERRORS,
  BRIDGE_REFUSALS,
  RULE_MESSAGES,
  DRINK_MESSAGES,
  REPORT_REFUSALS,
  NAME_REFUSALS,
  ACCOUNT_REFUSALS,
  GROUP_REFUSALS,
  TOURNAMENT_REFUSALS,
  SEAT_REFUSALS,
] as const;

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];
type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? H extends Uppercase<H>
    ? H extends Lowercase<H>
      ? `${H}${Snake<T>}`
      : `_${H}${Snake<T>}`
    : `${Uppercase<H>}${Snake<T>}`
  : S;
type CodeOf<G> = Snake<StringKeys<G> & string>;

/** Texts made from a value (a wait, a path): recognised by how they begin. */
const PREFIXED = {
  TOO_MANY_LOGINS: 'Too many sign-in attempts.',
  TOO_MANY_REGISTRATIONS: 'Too many accounts were registered from this address.',
  NOT_FOUND: `${ERRORS.notFound}: `,
} as const;

/**
 * Fixed texts followed by a value every language writes alike (grams): the reply keeps the text's
 * own code, and a client puts the value after its translation.
 */
const VALUE_FOLLOWS: Readonly<Record<string, string>> = {
  TARGET_TOO_LOW: RULE_MESSAGES.targetTooLow,
};

/** The value after a fixed text ("35 g" of "... name at most 35 g"), if the text takes one. */
export function valueAfterText(code: string, message: string): string | undefined {
  const text = VALUE_FOLLOWS[code];
  return text !== undefined && message.startsWith(`${text} `)
    ? message.slice(text.length + 1)
    : undefined;
}

/**
 * Replies whose text is none of the above (a zod rule's own wording, Fastify's) get `HTTP_<status>`:
 * stable, and never mistaken for a fixed text a client could translate.
 */
const byStatus = (status: number) => `HTTP_${status}`;

export type ErrorCode =
  | { [I in keyof typeof ERROR_GROUPS]: CodeOf<(typeof ERROR_GROUPS)[I]> }[number]
  | keyof typeof PREFIXED
  | `HTTP_${number}`;

export { toCode };

/** code -> English text, for every fixed text (the first group that words a text owns it). */
export const ERROR_TEXTS: Readonly<Record<string, string>> = Object.fromEntries(
  ERROR_GROUPS.flatMap((group) =>
    Object.entries(group)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [toCode(key), text]),
  ),
);

const CODE_OF_TEXT = new Map<string, string>();
for (const [code, text] of Object.entries(ERROR_TEXTS)) {
  if (!CODE_OF_TEXT.has(text)) CODE_OF_TEXT.set(text, code);
}

/** The stable code of a refusal's text; one for its status when the text is not a fixed one. */
export function errorCodeFor(message: string, status: number): string {
  const exact = CODE_OF_TEXT.get(message);
  if (exact) return exact;
  for (const code of Object.keys(VALUE_FOLLOWS)) {
    if (valueAfterText(code, message) !== undefined) return code;
  }
  for (const [code, prefix] of Object.entries(PREFIXED)) {
    if (message.startsWith(prefix)) return code;
  }
  return byStatus(status);
}
