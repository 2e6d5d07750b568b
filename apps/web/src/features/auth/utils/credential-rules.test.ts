import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  loginBodySchema,
  newPasswordSchema,
  playerNameSchema,
  registerBodySchema,
  usernameSchema,
} from '@beerscale/contract/auth';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PLAYER_NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from '@beerscale/contract/limits';
import { DRINK_MESSAGES } from '@beerscale/contract/drinks';
import { macSchema } from '@beerscale/contract/mac';
import { VALIDATION } from '@beerscale/contract/messages';
import { formRefusalText } from '../../../lib/form-refusal-text';
import {
  checkMac,
  checkNewPassword,
  checkPlayerName,
  checkUsername,
  type RuleResult,
} from './credential-rules';
import { validateLogin } from './validate-login';
import {
  REGISTRATION_FIELDS,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationForm,
} from './validate-registration';

// The light checks keep zod off /login and /register; the contract's schemas stay the rules.
// Each check must take its schema's decision, send the same value and give the same first
// message, over edge cases of every rule and generated inputs (a seeded generator, so a failure
// can be replayed).

/** mulberry32: small, seeded, good enough to spread inputs. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters each rule treats differently: plain and edge ASCII, the @ and the dot of an
// address, whitespace trim removes (or not), hidden characters, letters of several scripts,
// combining marks NFC folds, surrogate pairs and lone halves, letters whose upper case is
// longer or hex-looking, NUL.
const PIECES = [
  'a',
  'Z',
  '0',
  '9',
  'f',
  'F',
  'g',
  '.',
  '-',
  '_',
  '@',
  ':',
  '!',
  ' ',
  '\t',
  '\n',
  '\u00A0',
  '\u3000',
  '\u2028',
  '\uFEFF',
  '\u200B',
  '\u200D',
  '\u202E',
  '\u2066',
  '\u0085',
  '\u0000',
  'é',
  'e\u0301',
  '\u0301',
  'ß',
  'ﬀ',
  'ı',
  'İ',
  'а',
  'α',
  'ж',
  'ש',
  '日',
  'ひ',
  'カ',
  '한',
  'ㄅ',
  'ก',
  '😀',
  '\uD83D',
  '\uDE00',
];

/** Lengths at and around every limit the rules have. */
const LENGTHS = [
  0,
  1,
  2,
  USERNAME_MIN - 1,
  USERNAME_MIN,
  USERNAME_MIN + 1,
  PASSWORD_MIN - 1,
  PASSWORD_MIN,
  PLAYER_NAME_MAX - 1,
  PLAYER_NAME_MAX,
  PLAYER_NAME_MAX + 1,
  11,
  12,
  13,
  USERNAME_MAX - 1,
  USERNAME_MAX,
  USERNAME_MAX + 1,
  PASSWORD_MAX - 1,
  PASSWORD_MAX,
  PASSWORD_MAX + 1,
  EMAIL_MAX - 1,
  EMAIL_MAX,
  EMAIL_MAX + 1,
];

const around = (n: number) => [n - 1, n, n + 1].filter((length) => length >= 0);

/** An e-mail address of exactly `length` characters (length >= 5). */
const emailOf = (length: number) => `${'u'.repeat(length - 4)}@b.c`;

const EDGE_CASES = [
  '',
  ' ',
  '   ',
  '\t\n',
  '\u00A0',
  '\uFEFF',
  ...LENGTHS.map((length) => 'a'.repeat(length)),
  ...LENGTHS.map((length) => ` ${'a'.repeat(length)} `),
  ...LENGTHS.map((length) => 'é'.repeat(length)),
  ...LENGTHS.map((length) => 'e\u0301'.repeat(length)),
  ...LENGTHS.map((length) => '😀'.repeat(length)),
  ...[...around(EMAIL_MAX), ...around(USERNAME_MAX), 5, 6].map(emailOf),
  ` ${emailOf(EMAIL_MAX)} `,
  'someone@',
  '@example.com',
  'someone@example',
  'someone@example.com',
  'some one@example.com',
  'a@b@c.d',
  'a@b.c',
  'a@.c',
  'a@b.',
  'UPPER@CASE.DE',
  'hopfen_fan',
  'Ok.name-1_x',
  'bad name!',
  'bad\u200Bname',
  'name\u202E',
  'pаypal',
  'pаypal@example.com',
  'Ölfass',
  'José',
  'Jose\u0301',
  'Ζήτω',
  'Ελλάδα1',
  '日本語ひらがなカタカナ',
  '漢字abc',
  '한국어abc',
  '中文ㄅㄆ',
  'ไทย',
  'aש',
  'a\u0000b',
  'a\uD800b',
  'Hops',
  'TenCharsOk',
  'ElevenChars',
  '  Hops  ',
  'secret-1',
  '12345',
  '123456',
  ' 12345 ',
  'AABBCCDDEEFF',
  'aabbccddeeff',
  'AaBbCcDdEeFf',
  'AABBCCDDEEF',
  'AABBCCDDEEFF0',
  'AA:BB:CC:DD:EE:FF',
  'AA-BB-CC-DD-EE-FF',
  ' AABBCCDDEEFF',
  'AABBCCDDEEFG',
  'ﬀaabbccddee',
  'ßaabbccddee',
  'AABBCCDDEEıF',
  '000000000000',
];

/** Generated inputs: random pieces up to a length near one of the limits. */
function generated(count: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const inputs: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = pick(LENGTHS) + Math.floor(next() * 3) - 1;
    // Mostly one plain character with a few others, so that long inputs stay near valid.
    const base = pick(['a', 'F', '7', 'é', 'ж', 'ひ']);
    const odds = pick([0, 0.05, 0.2, 1]);
    let text = '';
    while (text.length < length) text += next() < odds ? pick(PIECES) : base;
    if (next() < 0.25) text = pick(['', ' ', '\u00A0', '\t']) + text + pick(['', ' ', '\n']);
    if (next() < 0.2) {
      const at = Math.floor(next() * text.length);
      text = `${text.slice(0, at)}@${text.slice(at + 1)}${pick(['', '.de', '.c', '.'])}`;
    }
    inputs.push(text);
  }
  return inputs;
}

function generatedMacs(count: number, seed: number): string[] {
  const next = random(seed);
  const hex = '0123456789abcdefABCDEF';
  const others = ['g', 'G', ':', '-', ' ', 'ﬀ', 'ß', 'ı', 'é', '\u0000', '😀'];
  const inputs: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 10 + Math.floor(next() * 5);
    let text = '';
    while (text.length < length) {
      text +=
        next() < 0.08
          ? (others[Math.floor(next() * others.length)] as string)
          : hex[Math.floor(next() * hex.length)];
    }
    inputs.push(text);
  }
  return inputs;
}

const TEXTS = [...new Set([...EDGE_CASES, ...generated(4000, 16)])];
const MACS = [...new Set([...EDGE_CASES, ...generatedMacs(1500, 5)])];

/** A schema's verdict in a light check's terms: its output, or its first message. */
function byZod(schema: z.ZodType, input: unknown): RuleResult {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as string };
  return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
}

/** Every input on which the check and the schema disagree (the first few, to read). */
function disagreements(
  inputs: readonly string[],
  check: (input: string) => unknown,
  reference: (input: string) => unknown,
) {
  const found: { input: string; light: unknown; zod: unknown }[] = [];
  for (const input of inputs) {
    const light = check(input);
    const zod = reference(input);
    if (JSON.stringify(light) !== JSON.stringify(zod)) found.push({ input, light, zod });
  }
  return found.slice(0, 5);
}

describe('the light field checks agree with the contract schemas', () => {
  it('covers every rule: both decisions and every message come up', () => {
    expect(TEXTS.length).toBeGreaterThan(3000);
    const messages = new Set(
      [checkUsername, checkPlayerName, checkNewPassword].flatMap((check) =>
        TEXTS.map((text) => check(text)).map((result) => (result.ok ? 'ok' : result.message)),
      ),
    );
    for (const message of [
      'ok',
      VALIDATION.usernameRequired,
      VALIDATION.usernameHiddenCharacters,
      VALIDATION.usernameMixedScripts,
      VALIDATION.invalidEmail,
      VALIDATION.usernameLength,
      VALIDATION.usernameCharacters,
      VALIDATION.playerNameRequired,
      VALIDATION.playerNameLength,
      VALIDATION.playerNameHiddenCharacters,
      VALIDATION.passwordRequired,
      VALIDATION.passwordLength,
      VALIDATION.passwordTooLong,
    ]) {
      expect(messages, message).toContain(message);
    }
    const macs = new Set(MACS.map((mac) => checkMac(mac)).map((r) => (r.ok ? 'ok' : r.message)));
    expect([...macs].sort()).toEqual(['ok', VALIDATION.macRequired, VALIDATION.invalidMac].sort());
  });

  it('username: usernameSchema', () => {
    expect(disagreements(TEXTS, checkUsername, (t) => byZod(usernameSchema, t))).toEqual([]);
  });

  it('player name: playerNameSchema', () => {
    expect(disagreements(TEXTS, checkPlayerName, (t) => byZod(playerNameSchema, t))).toEqual([]);
  });

  it('password: newPasswordSchema', () => {
    expect(disagreements(TEXTS, checkNewPassword, (t) => byZod(newPasswordSchema, t))).toEqual([]);
  });

  it('MAC address: macSchema', () => {
    expect(disagreements(MACS, checkMac, (t) => byZod(macSchema, t))).toEqual([]);
  });
});

describe('the sign-in check agrees with loginBodySchema', () => {
  const passwords = ['', 'x', 'secret-1', ' ', 'p'.repeat(PASSWORD_MAX), 'p'.repeat(201)];
  const usernames = ['', ' ', 'hopfen', emailOf(EMAIL_MAX), emailOf(EMAIL_MAX + 1)];
  const forms = [
    ...TEXTS.flatMap((username) => passwords.map((password) => ({ username, password }))),
    ...TEXTS.flatMap((password) => usernames.map((username) => ({ username, password }))),
  ];

  it('takes the same decision, sends the same body and gives the same first message', () => {
    const reference = (form: { username: string; password: string }) => {
      const parsed = loginBodySchema.safeParse(form);
      return parsed.success
        ? { ok: true, body: parsed.data }
        : { ok: false, message: parsed.error.issues[0]?.message };
    };
    const found = forms
      .map((form) => ({ form, light: validateLogin(form), zod: reference(form) }))
      .filter(({ light, zod }) => JSON.stringify(light) !== JSON.stringify(zod));
    expect(found.slice(0, 5)).toEqual([]);
  });
});

describe('the registration check agrees with registerBodySchema', () => {
  /** What the form showed when registerBodySchema judged it: each field's first message. */
  function byZodForm(form: RegistrationForm) {
    const { confirmPassword, ...body } = form;
    const parsed = registerBodySchema.safeParse(body);
    const errors: RegistrationErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof RegistrationErrors;
        if (REGISTRATION_FIELDS.includes(field) && !errors[field])
          errors[field] = formRefusalText(issue.message);
      }
    }
    if (form.password !== confirmPassword)
      errors.confirmPassword = formRefusalText(VALIDATION.passwordsDoNotMatch);
    if (!form.ageConfirmed) errors.ageConfirmed = DRINK_MESSAGES.ageNotConfirmed;
    if (parsed.success && !errors.confirmPassword && !errors.ageConfirmed)
      return { ok: true, body: parsed.data };
    return { ok: false, errors };
  }

  it('marks the same fields with the same messages, and sends the same body', () => {
    const next = random(2026);
    const pick = (items: readonly string[]) => items[Math.floor(next() * items.length)] as string;
    const forms: RegistrationForm[] = [];
    for (let i = 0; i < 4000; i++) {
      const password = pick(TEXTS);
      forms.push({
        macAddress: next() < 0.5 ? pick(MACS) : 'aabbccddeeff',
        username: next() < 0.5 ? pick(TEXTS) : 'hopfen_fan',
        playerName: next() < 0.5 ? pick(TEXTS) : 'Hops',
        password,
        confirmPassword: next() < 0.8 ? password : pick(TEXTS),
        ageConfirmed: next() < 0.9,
      });
    }
    const found = forms
      .map((form) => ({ form, light: validateRegistration(form), zod: byZodForm(form) }))
      .filter(({ light, zod }) => JSON.stringify(light) !== JSON.stringify(zod));
    expect(found.slice(0, 5)).toEqual([]);
    expect(forms.filter((form) => validateRegistration(form).ok).length).toBeGreaterThan(100);
  });
});
