import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '@beerscale/contract/profile';
// The app's own catalogues: a translator words a scale's texts in the same files as the
// screens'. The server keeps the keys under the prefixes it renders (the web never shows them).
import de from '../../../web/src/locales/de.json';
import en from '../../../web/src/locales/en.json';

const CATALOGUES: Record<Language, Record<string, string>> = { en, de };
/** The catalogue keys the server words; the rest belongs to the screens. */
const SERVER_PREFIXES = ['display.'];

function compiled(messages: Record<string, string>): Messages {
  const out: Messages = {};
  for (const [key, message] of Object.entries(messages)) {
    if (SERVER_PREFIXES.some((prefix) => key.startsWith(prefix))) {
      out[key] = compileMessage(message);
    }
  }
  return out;
}

// Compiled once at load with Lingui's own compiler, so wording a text is a lookup and an
// interpolation, as in the browser.
const I18NS = Object.fromEntries(
  (Object.keys(CATALOGUES) as Language[]).map((language) => [
    language,
    setupI18n({ locale: language, messages: { [language]: compiled(CATALOGUES[language]) } }),
  ]),
) as Record<Language, I18n>;

export const CATALOGUE_LANGUAGES = Object.keys(CATALOGUES) as Language[];

/** Whether `language`'s catalogue words `key`. */
export function hasText(language: Language, key: string): boolean {
  return key in CATALOGUES[language];
}

/** The catalogue's text for `key` in `language`, its placeholders filled from `values`. */
export function text(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  if (!hasText(language, key)) throw new Error(`No ${language} text for ${key}`);
  return I18NS[language]._(key, values);
}
