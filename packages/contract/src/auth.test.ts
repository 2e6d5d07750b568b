import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema, registerFormSchema } from './auth';
import { VALIDATION } from './messages';
import { DRINK_MESSAGES } from './drinks';

const valid = {
  macAddress: 'A1B2C3D4E5F6',
  username: 'hop.head',
  playerName: 'Hoppy',
  password: 'secret1',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('registration rules', () => {
  it('accepts a valid registration', () => {
    expect(registerBodySchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['ab', VALIDATION.usernameLength],
    ['abc', null],
    ['a'.repeat(30), null],
    ['a'.repeat(31), VALIDATION.usernameLength],
    ['has space', VALIDATION.usernameCharacters],
    ['ümlaut', VALIDATION.usernameCharacters],
    ['dots.and-dash_es', null],
    ['me@example.com', null],
    ['me@example', VALIDATION.invalidEmail],
    ['@example.com', VALIDATION.invalidEmail],
    ['a@b@c.com', VALIDATION.invalidEmail],
    ['', VALIDATION.usernameRequired],
  ])('username %j -> %j', (username, message) => {
    expect(firstMessage(registerBodySchema.safeParse({ ...valid, username }))).toBe(message);
  });

  it.each([
    ['Ten chars!', null],
    ['Eleven char', VALIDATION.playerNameLength],
    ['', VALIDATION.playerNameRequired],
    ['   ', VALIDATION.playerNameRequired],
  ])('player name %j -> %j', (playerName, message) => {
    expect(firstMessage(registerBodySchema.safeParse({ ...valid, playerName }))).toBe(message);
  });

  it.each([
    ['12345', VALIDATION.passwordLength],
    ['123456', null],
    ['', VALIDATION.passwordRequired],
  ])('password %j -> %j', (password, message) => {
    expect(firstMessage(registerBodySchema.safeParse({ ...valid, password }))).toBe(message);
  });

  it('requires the MAC address as 12 hex digits', () => {
    expect(firstMessage(registerBodySchema.safeParse({ ...valid, macAddress: '' }))).toBe(
      VALIDATION.macRequired,
    );
    expect(firstMessage(registerBodySchema.safeParse({ ...valid, macAddress: 'A1B2C3' }))).toBe(
      VALIDATION.invalidMac,
    );
  });

  it('refuses unknown fields', () => {
    expect(registerBodySchema.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });

  it('the form checks that the passwords match', () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'other1' });
    expect(firstMessage(result)).toBe(VALIDATION.passwordsDoNotMatch);
    // The form also confirms an age of at least 16 (docs/RULES.md, responsible play).
    const form = { ...valid, confirmPassword: 'secret1' };
    expect(registerFormSchema.safeParse({ ...form, ageConfirmed: true }).success).toBe(true);
    expect(firstMessage(registerFormSchema.safeParse(form))).toBe(DRINK_MESSAGES.ageNotConfirmed);
    // The call itself keeps SPEC's body.
    expect(registerBodySchema.safeParse(valid).success).toBe(true);
  });
});

describe('login rules', () => {
  it('requires username and password', () => {
    const result = loginBodySchema.safeParse({ username: ' ', password: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      VALIDATION.usernameRequired,
      VALIDATION.passwordRequired,
    ]);
  });
});
