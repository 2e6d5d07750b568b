import { useSyncExternalStore } from 'react';
import type en from '../locales/en.json';
import type enFirstScreen from '../locales/first-screen/en.json';
import { i18n, inEnglish, type Language } from './i18n';

/** A key of the catalogues (English, both parts, is the reference). */
export type TextKey = keyof typeof enFirstScreen | keyof typeof en;
export type TextValues = Record<string, string | number>;

/**
 * A text in the current language, outside React (toasts raised by hooks, refusals). Before the
 * reader's first texts are in, no language is active (i18n.ts) and Lingui would throw, which
 * unmounts the whole page: English's first-screen texts (in the entry) are used instead. Screens
 * wait for their texts (app/lazy-page.tsx), so only what shows before them can get there: the
 * crash screen, a toast.
 */
export function t(key: TextKey, values?: TextValues): string {
  return i18n.locale ? i18n._(key, values) : inEnglish(key, values);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const locale = () => i18n.locale;

/** The current language's texts; the component renders again when the language changes. */
export function useT(): { t: typeof t; language: Language } {
  const language = useSyncExternalStore(subscribe, locale) as Language;
  return { t, language };
}
