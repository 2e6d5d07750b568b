import { afterAll, describe, expect, it } from 'vitest';
import { errorCodeFor } from '@beerscale/contract/error-codes';
import { VALIDATION } from '@beerscale/contract/messages';
import { activate } from '../i18n/i18n';
import { formRefusalCode, formRefusalText } from './form-refusal-text';

const texts: string[] = Object.values(VALIDATION);

describe('a form zod message', () => {
  afterAll(() => activate('en'));

  it('has the code the contract table gives it, looked up in VALIDATION alone', () => {
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) expect(formRefusalCode(text)).toBe(errorCodeFor(text, 400));
  });

  it('has no code when zod words it itself, and shows as worded', async () => {
    await activate('de');
    expect(formRefusalCode('Invalid input')).toBeUndefined();
    expect(formRefusalText('Invalid input')).toBe('Invalid input');
  });

  it('shows in German for a German reader', async () => {
    await activate('de');
    expect(formRefusalText(VALIDATION.passwordsDoNotMatch)).not.toBe(
      VALIDATION.passwordsDoNotMatch,
    );
    const translated = texts.filter((text) => formRefusalText(text) !== text);
    expect(translated.length).toBe(texts.length);
  });
});
