import { describe, expect, it } from 'vitest';
import { loginBodySchema, playerNameSchema, registerBodySchema } from './auth';
import { createFastGameBodySchema } from './fast-games';
import { createGameBodySchema } from './games';
import { ERRORS, VALIDATION } from './messages';
import { hasHiddenCharacters, mixesScripts, normalizeName, withoutHiddenCharacters } from './names';
import { profileBodySchema } from './profile';
import { generalSettingsSchema } from './scales';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

const HIDDEN = {
  NUL: '\u0000',
  'BELL (C0 control)': '\u0007',
  DEL: '\u007f',
  'C1 control': '\u0085',
  'LINE SEPARATOR': '\u2028',
  'LEFT-TO-RIGHT EMBEDDING': '\u202a',
  'RIGHT-TO-LEFT OVERRIDE': '\u202e',
  'LEFT-TO-RIGHT ISOLATE': '\u2066',
  'POP DIRECTIONAL ISOLATE': '\u2069',
  'LEFT-TO-RIGHT MARK': '\u200e',
  'RIGHT-TO-LEFT MARK': '\u200f',
  'ARABIC LETTER MARK': '\u061c',
  'ZERO WIDTH SPACE': '\u200b',
  'ZERO WIDTH NON-JOINER': '\u200c',
  'ZERO WIDTH JOINER': '\u200d',
  'WORD JOINER': '\u2060',
  'ZERO WIDTH NO-BREAK SPACE': '\ufeff',
};

describe('name characters', () => {
  it.each(Object.entries(HIDDEN))('finds %s inside a name', (_, character) => {
    expect(hasHiddenCharacters(`Jo${character}e`)).toBe(true);
  });

  it.each(['Joe', 'Zoë', 'Ελένη', 'Мария', 'محمد', '李小龍', 'O’Brien', 'Anne-Marie', 'Bob 2'])(
    'accepts the ordinary name %j',
    (name) => expect(hasHiddenCharacters(name)).toBe(false),
  );

  it('composes a name to NFC, so "é" typed two ways is one name', () => {
    expect(normalizeName('Rene\u0301')).toBe('Ren\u00e9');
    expect(normalizeName('Ren\u00e9')).toBe('Ren\u00e9');
  });

  it.each(Object.entries(HIDDEN))(
    'cleans %s out of free text, leaving one space',
    (_, character) => {
      const cleaned = withoutHiddenCharacters(`No ${character}${character} room ${character}`);
      expect(cleaned).toBe('No room');
      expect(hasHiddenCharacters(cleaned)).toBe(false);
    },
  );

  it('leaves ordinary text as it is, composed', () => {
    expect(withoutHiddenCharacters('Cannot show 10 players: Zoe\u0308, 李小龍')).toBe(
      'Cannot show 10 players: Zo\u00eb, 李小龍',
    );
  });
});

describe('mixed scripts', () => {
  it.each([
    ['paypal@example.com', false],
    ['p\u0430ypal@example.com', true], // Cyrillic "а"
    ['\u03bfscar@example.com', true], // Greek omicron
    ['мария@пример.рф', false],
    ['мария@example.com', true],
    ['josé.2024@example.com', false],
    ['山田たろう@example.jp', false], // Han and Hiragana write Japanese together
    ['山田@example.jp', false],
    ['김민수@example.kr', false],
    ['user_123.name-x', false],
  ])('%j mixes scripts: %j', (username, mixes) => {
    expect(mixesScripts(username)).toBe(mixes);
  });
});

describe('every name field applies the rules', () => {
  const register = {
    macAddress: 'A1B2C3D4E5F6',
    username: 'hop.head',
    playerName: 'Hoppy',
    password: 'secret1',
  };

  it('usernames: no hidden characters, one script, stored composed', () => {
    expect(
      firstMessage(registerBodySchema.safeParse({ ...register, username: 'me\u200b@example.com' })),
    ).toBe(VALIDATION.usernameHiddenCharacters);
    expect(
      firstMessage(registerBodySchema.safeParse({ ...register, username: 'p\u0430ypal@mail.com' })),
    ).toBe(VALIDATION.usernameMixedScripts);
    const parsed = registerBodySchema.parse({ ...register, username: 'rene\u0301@example.com' });
    expect(parsed.username).toBe('ren\u00e9@example.com');
  });

  it('login finds the composed username however it was typed', () => {
    expect(loginBodySchema.parse({ username: 'rene\u0301@x.com', password: 'p' }).username).toBe(
      'ren\u00e9@x.com',
    );
  });

  it('player names at registration and on the profile', () => {
    expect(firstMessage(playerNameSchema.safeParse('\u202eevil'))).toBe(
      VALIDATION.playerNameHiddenCharacters,
    );
    expect(firstMessage(profileBodySchema.safeParse({ playerName: 'Bo\u200db' }))).toBe(
      VALIDATION.playerNameHiddenCharacters,
    );
    // Composed before the length is counted: ten letters with accents typed decomposed fit.
    const decomposed = 'e\u0301'.repeat(10);
    expect(playerNameSchema.parse(decomposed)).toBe('\u00e9'.repeat(10));
  });

  it('typed fast-game names', () => {
    const body = { scaleAddress: 'A1B2C3D4E5F6', containerType: 'BEER_CAN' };
    expect(
      firstMessage(createFastGameBodySchema.safeParse({ ...body, players: ['Ann', 'B\u2066ob'] })),
    ).toBe(VALIDATION.playerNameHiddenCharacters);
    const ok = createFastGameBodySchema.parse({ ...body, players: ['Ann', 'Rene\u0301'] });
    expect(ok.players.map(({ name }) => name)).toEqual(['Ann', 'Ren\u00e9']);
  });

  it('game names', () => {
    expect(firstMessage(createGameBodySchema.safeParse({ gameName: 'Final\u202e' }))).toBe(
      VALIDATION.gameNameHiddenCharacters,
    );
    expect(createGameBodySchema.parse({ gameName: 'Cafe\u0301' }).gameName).toBe('Caf\u00e9');
  });

  it('scale names', () => {
    expect(firstMessage(generalSettingsSchema.safeParse({ device_name: 'Bar\u0007' }))).toBe(
      VALIDATION.deviceNameHiddenCharacters,
    );
    expect(generalSettingsSchema.parse({ device_name: 'Cafe\u0301' }).device_name).toBe(
      'Caf\u00e9',
    );
  });
});

describe('limit messages say the real wait', () => {
  it.each([
    [14 * 60_000 + 1, 'Too many sign-in attempts. Try again in 15 minutes.'],
    [14 * 60_000, 'Too many sign-in attempts. Try again in 14 minutes.'],
    [61_000, 'Too many sign-in attempts. Try again in 2 minutes.'],
    [60_000, 'Too many sign-in attempts. Try again in 1 minute.'],
    [1, 'Too many sign-in attempts. Try again in 1 minute.'],
  ])('%d ms to wait -> %j', (waitMs, message) => {
    expect(ERRORS.tooManyLogins(waitMs)).toBe(message);
  });

  it('registrations', () => {
    expect(ERRORS.tooManyRegistrations(59 * 60_000 + 5)).toBe(
      'Too many accounts were registered from this address. Try again in 60 minutes.',
    );
  });
});
