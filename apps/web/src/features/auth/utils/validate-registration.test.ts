import { describe, expect, it } from 'vitest';
import { DRINK_MESSAGES } from '@beerscale/contract/drinks';
import { VALIDATION } from '@beerscale/contract/messages';
import { firstError, validateRegistration, type RegistrationForm } from './validate-registration';

const valid: RegistrationForm = {
  macAddress: 'AABBCCDDEEFF',
  username: 'hopfen_fan',
  playerName: 'Hops',
  password: 'secret-1',
  confirmPassword: 'secret-1',
  ageConfirmed: true,
};

const errorsOf = (changes: Partial<RegistrationForm>) => {
  const check = validateRegistration({ ...valid, ...changes });
  return check.ok ? {} : check.errors;
};

// The form checks the contract's field rules (packages/contract/src/auth.ts) with their texts
// (messages.ts) before anything is sent.
describe('registration validation', () => {
  it('accepts a valid form and sends the body without the password confirmation', () => {
    const check = validateRegistration({ ...valid, username: '  hopfen_fan ' });
    expect(check).toEqual({
      ok: true,
      body: {
        macAddress: 'AABBCCDDEEFF',
        username: 'hopfen_fan',
        playerName: 'Hops',
        password: 'secret-1',
        ageConfirmed: true,
      },
    });
  });

  it('requires the age of at least 16 to be confirmed, after every other field', () => {
    expect(errorsOf({ ageConfirmed: false })).toEqual({
      ageConfirmed: DRINK_MESSAGES.ageNotConfirmed,
    });
    const errors = errorsOf({ ageConfirmed: false, password: '1', confirmPassword: '1' });
    expect(errors.ageConfirmed).toBe(DRINK_MESSAGES.ageNotConfirmed);
    expect(firstError(errors)).toBe('password');
  });

  it('requires matching passwords', () => {
    expect(errorsOf({ confirmPassword: 'secret-2' })).toEqual({
      confirmPassword: VALIDATION.passwordsDoNotMatch,
    });
  });

  it('checks an e-mail address when the username contains @', () => {
    expect(errorsOf({ username: 'someone@' }).username).toBe(VALIDATION.invalidEmail);
    expect(errorsOf({ username: 'someone@example' }).username).toBe(VALIDATION.invalidEmail);
    expect(errorsOf({ username: 'someone@example.com' })).toEqual({});
  });

  it('otherwise wants 3 to 30 letters, digits, dots, hyphens and underscores', () => {
    expect(errorsOf({ username: 'ab' }).username).toBe(VALIDATION.usernameLength);
    expect(errorsOf({ username: 'a'.repeat(31) }).username).toBe(VALIDATION.usernameLength);
    expect(errorsOf({ username: 'bad name!' }).username).toBe(VALIDATION.usernameCharacters);
    expect(errorsOf({ username: 'Ok.name-1_x' })).toEqual({});
    expect(errorsOf({ username: '' }).username).toBe(VALIDATION.usernameRequired);
  });

  it('limits the player name to 10 characters', () => {
    expect(errorsOf({ playerName: 'ElevenChars' }).playerName).toBe(VALIDATION.playerNameLength);
    expect(errorsOf({ playerName: 'TenCharsOk' })).toEqual({});
  });

  it('wants a password of at least 6 characters', () => {
    expect(errorsOf({ password: '12345', confirmPassword: '12345' }).password).toBe(
      VALIDATION.passwordLength,
    );
  });

  it('requires a MAC address of 12 hexadecimal characters', () => {
    expect(errorsOf({ macAddress: '' }).macAddress).toBe(VALIDATION.macRequired);
    expect(errorsOf({ macAddress: 'AABBCC' }).macAddress).toBe(VALIDATION.invalidMac);
    expect(errorsOf({ macAddress: 'AA:BB:CC:DD:EE:FF' }).macAddress).toBe(VALIDATION.invalidMac);
  });

  it('judges every field at once, and names the first one on screen', () => {
    const errors = errorsOf({ macAddress: '', username: 'x', confirmPassword: 'nope' });
    expect(errors).toEqual({
      macAddress: VALIDATION.macRequired,
      username: VALIDATION.usernameLength,
      confirmPassword: VALIDATION.passwordsDoNotMatch,
    });
    expect(firstError(errors)).toBe('macAddress');
    expect(firstError({ confirmPassword: 'x', playerName: 'y' })).toBe('playerName');
  });
});
