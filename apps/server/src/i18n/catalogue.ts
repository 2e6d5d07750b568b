import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '@beerscale/contract/profile';
// The app's own catalogues: a translator words a scale's texts and the result card's in the same
// files as the screens'. The server bundle inlines them.
import de from '../../../web/src/locales/de.json';
import en from '../../../web/src/locales/en.json';

const CATALOGUES: Record<Language, Record<string, string>> = { en, de };

// Each key is compiled with Lingui's own compiler the first time the server words it, so the
// server holds compiled forms only of the few keys it uses (scale texts, the card's).
export const CATALOGUE_LANGUAGES = Object.keys(CATALOGUES) as Language[];

const I18NS = Object.fromEntries(
  CATALOGUE_LANGUAGES.map((language) => [
    language,
    setupI18n({ locale: language, messages: { [language]: {} } }),
  ]),
) as Record<Language, I18n>;

/** Whether `language`'s catalogue words `key` (an own key: "constructor" is not one). */
export function hasText(language: Language, key: string): boolean {
  return Object.hasOwn(CATALOGUES[language], key);
}

/** The catalogue's text for `key` in `language`, its placeholders filled from `values`. */
export function text(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  if (!hasText(language, key)) throw new Error(`No ${language} text for ${key}`);
  const i18n = I18NS[language];
  if (!(key in i18n.messages)) {
    i18n.load(language, { [key]: compileMessage(CATALOGUES[language][key]!) });
  }
  return i18n._(key, values);
}
