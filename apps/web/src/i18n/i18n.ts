import { setupI18n, type Messages } from '@lingui/core';
import { LANGUAGE_KEY } from '../lib/storage';
import { messages as enFirstScreen } from '../locales/first-screen/en.json?lingui';

/**
 * The languages of the catalogues (src/locales, src/locales/first-screen); English is the fixed
 * wording and the fallback.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const i18n = setupI18n();

type Load = () => Promise<{ messages: Messages }>;

/**
 * The first screen's texts: the public pages (landing, sign-in, registration, not found), the
 * refusals they show and the spinner. English's are in the entry itself, so an English reader's
 * public pages need no catalogue request; another language's are a small chunk
 * (first-screen-de.ts), fetched beside the first screen's own chunk (app/lazy-page.tsx).
 */
const firstScreenLoaders: Record<Language, Load> = {
  en: () => Promise.resolve({ messages: enFirstScreen }),
  de: () => import('./first-screen-de'),
};

/** The rest of each catalogue: its own chunk, fetched once a screen needs it (restLoaded). */
const restLoaders: Record<Language, Load> = {
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

i18n.load('en', enFirstScreen);

const english = setupI18n({ locale: 'en', messages: { en: enFirstScreen } });

/** A first-screen text in English, whatever the reader's language (use-t.ts says when). */
export const inEnglish = (key: string, values?: Record<string, string | number>): string =>
  english._(key, values);

const firstScreenLoading = new Map<Language, Promise<void>>([['en', Promise.resolve()]]);
const restLoading = new Map<Language, Promise<void>>();

/** Fetches one part of a language's catalogue once and adds it to the language's messages. */
function loadPart(
  loading: Map<Language, Promise<void>>,
  loaders: Record<Language, Load>,
  language: Language,
): Promise<void> {
  let part = loading.get(language);
  if (!part) {
    part = loaders[language]().then(({ messages }) => i18n.load(language, messages));
    // A part that cannot load may be asked for again (the next screen retries).
    part.catch(() => loading.delete(language));
    loading.set(language, part);
  }
  return part;
}

const loadFirstScreen = (language: Language) =>
  loadPart(firstScreenLoading, firstScreenLoaders, language);

/**
 * Whether a screen beyond the first has asked for the rest: a language chosen later needs it too.
 */
let restWanted = false;

function loadRest(language: Language): Promise<void> {
  restWanted = true;
  return loadPart(restLoading, restLoaders, language);
}

function show(language: Language): void {
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language the reader gets, and when its first screen's texts are shown. */
let wanted: Language = 'en';
let firstScreenShown: Promise<void> = Promise.resolve();

/** Switches every text to a language, with its whole catalogue (both parts). */
export async function activate(language: Language): Promise<void> {
  wanted = language;
  await Promise.all([loadFirstScreen(language), loadRest(language)]);
  show(language);
}

/**
 * The reader's language for the first screen: English at once (its texts are in the entry),
 * another language once its first screen's texts are in, so a German reader never sees English
 * first. Until then no language is active: the spinner has no text to give (no English either).
 * Should those texts not load, English is shown rather than keys.
 */
export function showPreferredLanguage(): void {
  wanted = preferredLanguage();
  const language = wanted;
  if (language === 'en') return show('en');
  firstScreenShown = loadFirstScreen(language).then(
    () => show(language),
    () => {
      wanted = 'en';
      show('en');
    },
  );
}

/** Settles once the reader's first screen's texts are shown: the public screens wait for it. */
export const firstScreenLoaded = (): Promise<void> => firstScreenShown;

/**
 * Settles once the current language's whole catalogue is in: the screens beyond the first wait
 * for it beside their own chunk (app/lazy-page.tsx), so the two travel in parallel. A rest that
 * cannot load leaves those texts as their keys; the screen still shows.
 */
export function restLoaded(): Promise<void> {
  return Promise.all([firstScreenShown, loadRest(wanted)]).then(
    () => undefined,
    () => undefined,
  );
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
  if (restWanted) return activate(language);
  wanted = language;
  await loadFirstScreen(language);
  show(language);
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');
