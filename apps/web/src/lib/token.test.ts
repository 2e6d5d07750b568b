import { describe, expect, it } from 'vitest';
import { makeToken } from '../testing/make-token';
import { isTokenUsable } from './token';

// The browser checks a token's structure and expiry before it sends it (docs/ARCHITECTURE.md,
// The web app's behaviour: Session).
describe('isTokenUsable (structure and expiry)', () => {
  const now = 1_700_000_000_000;

  it('accepts a well-formed token that has not expired', () => {
    expect(isTokenUsable(makeToken({ exp: now / 1000 + 60 }), now)).toBe(true);
  });

  it('refuses an expired token, and one that expires this very second', () => {
    expect(isTokenUsable(makeToken({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenUsable(makeToken({ exp: now / 1000 }), now)).toBe(false);
  });

  it('refuses a token without a numeric exp', () => {
    expect(isTokenUsable(makeToken({ sub: '1' }), now)).toBe(false);
    expect(isTokenUsable(makeToken({ exp: String(now / 1000 + 60) }), now)).toBe(false);
  });

  it('refuses malformed and missing tokens', () => {
    for (const token of [
      null,
      '',
      'not.a-token',
      'a.b',
      'a.b.c.d',
      'x.!!!.y',
      `${btoa('{}')}..sig`,
      `header.${btoa('not json')}.sig`,
      `header.${btoa('42')}.sig`,
    ]) {
      expect(isTokenUsable(token, now)).toBe(false);
    }
  });
});
