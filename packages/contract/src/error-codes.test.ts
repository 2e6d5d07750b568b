import { describe, expect, it } from 'vitest';
import { ERROR_GROUPS, ERROR_TEXTS, errorCodeFor, valueAfterText } from './error-codes';
import { LOBBY_MESSAGES } from './games';
import { ERRORS, VALIDATION } from './messages';
import { RULE_MESSAGES } from './rule-messages';

describe('error codes', () => {
  it('gives every fixed text its own code', () => {
    expect(errorCodeFor(VALIDATION.usernameRequired, 400)).toBe('USERNAME_REQUIRED');
    expect(errorCodeFor(ERRORS.invalidCredentials, 401)).toBe('INVALID_CREDENTIALS');
    expect(errorCodeFor(LOBBY_MESSAGES.gameNotFound, 404)).toBe('GAME_NOT_FOUND');
    for (const [code, text] of Object.entries(ERROR_TEXTS)) {
      expect(errorCodeFor(text, 400), text).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(ERROR_TEXTS[errorCodeFor(text, 400)], code).toBe(text);
    }
  });

  it('never gives two texts the same code', () => {
    const strings = ERROR_GROUPS.flatMap((group) =>
      Object.values(group).filter((text) => typeof text === 'string'),
    );
    expect(Object.keys(ERROR_TEXTS)).toHaveLength(strings.length);
  });

  it('recognises texts made from a value', () => {
    expect(errorCodeFor(ERRORS.tooManyLogins(61_000), 429)).toBe('TOO_MANY_LOGINS');
    expect(errorCodeFor(ERRORS.tooManyRegistrations(1), 429)).toBe('TOO_MANY_REGISTRATIONS');
    expect(errorCodeFor(`${ERRORS.notFound}: GET /api/nope`, 404)).toBe('NOT_FOUND');
  });

  it('keeps the code of a fixed text followed by a value, and hands the value back', () => {
    const refusal = `${RULE_MESSAGES.targetTooLow} 35 g`;
    expect(errorCodeFor(refusal, 409)).toBe('TARGET_TOO_LOW');
    expect(valueAfterText('TARGET_TOO_LOW', refusal)).toBe('35 g');
    expect(valueAfterText('TARGET_TOO_LOW', RULE_MESSAGES.targetTooLow)).toBeUndefined();
    expect(valueAfterText('NOT_FOUND', `${ERRORS.notFound}: GET /x`)).toBeUndefined();
  });

  it('falls back to a code for the status', () => {
    expect(errorCodeFor('Game name must be 40 characters or less', 400)).toBe('HTTP_400');
    expect(errorCodeFor('Something odd', 409)).toBe('HTTP_409');
    expect(errorCodeFor('Boom', 502)).toBe('HTTP_502');
  });
});
