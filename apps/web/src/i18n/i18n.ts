import { setupI18n, type Messages } from '@lingui/core';
import { messages as deFirstScreen } from '../locales/first-screen/de.json?lingui';
import { messages as enFirstScreen } from '../locales/first-screen/en.json?lingui';

/** The languages of the catalogues (src/locales, src/locales/first-screen); English is SPEC's and the fallback. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where a language the reader chose is remembered. */
export const LANGUAGE_KEY = 'language';

export const i18n = setupI18n();

/**
 * The first screen's texts in every language, in the entry itself: the public pages (landing,
 * sign-in, registration, not found), the refusals they show and the spinner need no catalogue
 * request, so they show at once and in the reader's language (a few KB for both languages).
 */
const firstScreen: Record<Language, Messages> = { en: enFirstScreen, de: deFirstScreen };

/** The rest of each catalogue: its own chunk, fetched once a screen needs it (restLoaded). */
const restLoaders: Record<Language, () => Promise<{ messages: Messages }>> = {
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

const restLoading = new Map<Language, Promise<void>>();

/** Whether a screen beyond the first has asked for the rest: a language chosen later needs it too. */
let restWanted = false;

/** Fetches a language's rest once and adds it to the language's messages. */
function loadRest(language: Language): Promise<void> {
  restWanted = true;
  let loading = restLoading.get(language);
  if (!loading) {
    loading = restLoaders[language]().then(({ messages }) => i18n.load(language, messages));
    // A rest that cannot load may be asked for again (the next screen retries).
    loading.catch(() => restLoading.delete(language));
    restLoading.set(language, loading);
  }
  return loading;
}

function show(language: Language): void {
  i18n.load(language, firstScreen[language]);
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches every text to a language, with its whole catalogue (both parts). */
export async function activate(language: Language): Promise<void> {
  await loadRest(language);
  show(language);
}

/** The reader's language for the first screen, at once: its texts are in the entry. */
export function showPreferredLanguage(): void {
  show(preferredLanguage());
}

/**
 * Settles once the current language's whole catalogue is in: the screens beyond the first wait
 * for it beside their own chunk (app/lazy-page.tsx), so the two travel in parallel. A rest that
 * cannot load leaves those texts as their keys; the screen still shows.
 */
export function restLoaded(): Promise<void> {
  return loadRest(currentLanguage()).catch(() => undefined);
}

/** The reader's choice: applied now and remembered for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered, still applied.
  }
  // On the public pages the first screen's texts are all there is to switch; elsewhere the
  // texts change once the language's rest is in, never half in one language.
  if (restWanted) await activate(language);
  else show(language);
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');
