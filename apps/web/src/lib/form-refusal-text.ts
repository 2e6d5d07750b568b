import { toCode } from '@beerscale/contract/error-code-case';
import { VALIDATION } from '@beerscale/contract/messages';
import { translatedRefusal } from '../i18n/refusals';

/**
 * The code of a form's refusal message: a zod schema's, or on /login and /register the light
 * checks' that give the same texts without zod (features/auth/utils/credential-rules.ts). They
 * word their messages from VALIDATION only, so the lookup is there and not in the contract's table
 * of every refusal (lib/refusal-text.ts): that table would add 3.3 KB to /login and /register.
 * VALIDATION is the first of the contract's ERROR_GROUPS, so a text's code is the same either way
 * (tested).
 */
export function formRefusalCode(english: string): string | undefined {
  const key = Object.keys(VALIDATION).find(
    (name) => VALIDATION[name as keyof typeof VALIDATION] === english,
  );
  return key && toCode(key);
}

/** A form's refusal message in the reader's language. */
export const formRefusalText = (english: string) =>
  translatedRefusal(formRefusalCode(english), english);
