import { describe, expect, it } from 'vitest';
import { isTokenUsable } from './token';

const encode = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (payload: object) => `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;

describe('isTokenUsable (SPEC §4)', () => {
  const now = 1_700_000_000_000;
  it('accepts a well-formed token that has not expired', () => {
    expect(isTokenUsable(token({ exp: now / 1000 + 60 }), now)).toBe(true);
  });
  it('refuses expired, exp-less, malformed and missing tokens', () => {
    expect(isTokenUsable(token({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenUsable(token({ sub: '1' }), now)).toBe(false);
    expect(isTokenUsable('a.b', now)).toBe(false);
    expect(isTokenUsable('x.!!!.y', now)).toBe(false);
    expect(isTokenUsable(`${encode({})}..sig`, now)).toBe(false);
    expect(isTokenUsable(null, now)).toBe(false);
  });
});
