import { valueAfterText } from '@beerscale/contract/error-codes';
import { i18n } from './i18n';

/**
 * A refusal in the reader's language: its catalogue text by code ("error.GAME_NOT_FOUND"). English
 * readers get the server's own text, which may carry a value (the wait of a sign-in limit); so do
 * codes without a translation (a status code for a text the contract does not fix).
 */
export function translatedRefusal(code: string | undefined, english: string): string {
  if (!code || i18n.locale === 'en') return english;
  const key = `error.${code}`;
  if (i18n.messages[key] === undefined) return english;
  // A value after a fixed text (the grams still playable) is written alike in every language.
  const value = valueAfterText(code, english);
  return value === undefined ? i18n._(key) : `${i18n._(key)} ${value}`;
}
