import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@beerscale/contract/messages';
import { validateLogin } from './validate-login';

// The form checks the contract's field rules (packages/contract/src/auth.ts) with their texts
// (messages.ts) before anything is sent.
describe('sign-in validation', () => {
  it('sends the username trimmed and in NFC, the password as typed', () => {
    expect(validateLogin({ username: '  Jose\u0301 ', password: ' pw ' })).toEqual({
      ok: true,
      body: { username: 'José', password: ' pw ' },
    });
  });

  it('asks for the username first, then the password', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      ok: false,
      message: VALIDATION.usernameRequired,
    });
    expect(validateLogin({ username: 'hopfen', password: '' })).toEqual({
      ok: false,
      message: VALIDATION.passwordRequired,
    });
  });

  it('refuses a password longer than any account can have', () => {
    expect(validateLogin({ username: 'hopfen', password: 'p'.repeat(201) })).toEqual({
      ok: false,
      message: VALIDATION.passwordTooLong,
    });
  });
});
