import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PLAYER_NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from '@beerscale/contract/limits';
import { isValidMac } from '@beerscale/contract/mac-address';
import { VALIDATION } from '@beerscale/contract/messages';
import { hasHiddenCharacters, mixesScripts, normalizeName } from '@beerscale/contract/names';
import { EMAIL_PATTERN, USERNAME_PATTERN } from '@beerscale/contract/username-patterns';

// The field rules for the sign-in and registration forms, written without zod so that
// /login and /register do not load it. The contract's schemas (auth.ts, mac.ts) stay the rules
// the server applies; credential-rules.test.ts checks over a broad corpus that each function
// here takes the same decision with the same first message as its schema. Each returns the
// value the body sends, or the schema's first (English) message.

export type RuleResult = { ok: true; value: string } | { ok: false; message: string };

const pass = (value: string): RuleResult => ({ ok: true, value });
const refuse = (message: string): RuleResult => ({ ok: false, message });

/** As the schemas' `.trim().overwrite(normalizeName)`: what a name is judged and sent as. */
const cleanName = (value: string) => normalizeName(value.trim());

/**
 * The length zod's `.min()` and `.max()` measure: code points (an emoji is one, a lone surrogate
 * half one too), not UTF-16 units. The username rule's own length checks count units.
 */
const codePoints = (value: string) => [...value].length;

/** usernameSchema: an e-mail address when it holds an @, else 3 to 30 plain characters. */
export function checkUsername(input: string): RuleResult {
  const value = cleanName(input);
  if (value.length === 0) return refuse(VALIDATION.usernameRequired);
  if (hasHiddenCharacters(value)) return refuse(VALIDATION.usernameHiddenCharacters);
  if (mixesScripts(value)) return refuse(VALIDATION.usernameMixedScripts);
  if (value.includes('@')) {
    const valid = EMAIL_PATTERN.test(value) && value.length <= EMAIL_MAX;
    return valid ? pass(value) : refuse(VALIDATION.invalidEmail);
  }
  if (value.length < USERNAME_MIN || value.length > USERNAME_MAX) {
    return refuse(VALIDATION.usernameLength);
  }
  return USERNAME_PATTERN.test(value) ? pass(value) : refuse(VALIDATION.usernameCharacters);
}

/** playerNameSchema. */
export function checkPlayerName(input: string): RuleResult {
  const value = cleanName(input);
  if (value.length === 0) return refuse(VALIDATION.playerNameRequired);
  if (codePoints(value) > PLAYER_NAME_MAX) return refuse(VALIDATION.playerNameLength);
  if (hasHiddenCharacters(value)) return refuse(VALIDATION.playerNameHiddenCharacters);
  return pass(value);
}

/** newPasswordSchema: sent as typed, never trimmed. */
export function checkNewPassword(value: string): RuleResult {
  if (value.length === 0) return refuse(VALIDATION.passwordRequired);
  if (codePoints(value) < PASSWORD_MIN) return refuse(VALIDATION.passwordLength);
  if (codePoints(value) > PASSWORD_MAX) return refuse(VALIDATION.passwordTooLong);
  return pass(value);
}

/** macSchema: lower case is accepted and sent upper case. */
export function checkMac(input: string): RuleResult {
  if (input.length === 0) return refuse(VALIDATION.macRequired);
  const value = input.toUpperCase();
  return isValidMac(value) ? pass(value) : refuse(VALIDATION.invalidMac);
}

/** loginBodySchema's username: only that it is there (a wrong one is the server's 401). */
export function checkLoginUsername(input: string): RuleResult {
  const value = cleanName(input);
  if (value.length === 0 || codePoints(value) > EMAIL_MAX) {
    return refuse(VALIDATION.usernameRequired);
  }
  return pass(value);
}

/** loginBodySchema's password. */
export function checkLoginPassword(value: string): RuleResult {
  if (value.length === 0) return refuse(VALIDATION.passwordRequired);
  if (codePoints(value) > PASSWORD_MAX) return refuse(VALIDATION.passwordTooLong);
  return pass(value);
}
