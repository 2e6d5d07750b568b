import { setupI18n } from '@lingui/core';

/** The languages of the catalogues (src/locales); English is SPEC's and the fallback. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where a language the reader chose is remembered. */
export const LANGUAGE_KEY = 'language';

export const i18n = setupI18n();

const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../locales/en.json?lingui'),
  de: () => import('../locales/de.json?lingui'),
};

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The remembered choice, else the browser's first language we have, else English. */
export function preferredLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage may be blocked; the browser's languages still count.
  }
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Loads a language's catalogue (its own chunk) and switches every text to it. */
export async function activate(language: Language): Promise<void> {
  const { messages } = await loaders[language]();
  i18n.loadAndActivate({ locale: language, messages: messages as never });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let loading: Promise<void> = Promise.resolve();

/**
 * Starts fetching the reader's catalogue without waiting for it: the first render happens at
 * once, and each screen waits for the catalogue beside its own chunk (app/lazy-page.tsx), so the
 * two travel in parallel instead of one round trip after the other.
 */
export function loadPreferredLanguage(): Promise<void> {
  // A catalogue that cannot load leaves the texts as they are; the screens still show.
  loading = activate(preferredLanguage()).catch(() => undefined);
  return loading;
}

/** Settles once the catalogue loadPreferredLanguage started has arrived (at once if none was). */
export const catalogueLoaded = (): Promise<void> => loading;

/** The reader's choice: applied now and remembered for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered, still applied.
  }
  await activate(language);
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');
