import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// Each language's catalogue (key -> ICU message) in two flat parts: the first screen's
// (src/locales/first-screen/{locale}.json: public pages, their refusals, the spinner), bundled
// into the entry, and the rest (src/locales/{locale}.json), loaded with the screens that need it.
// Both are compiled by @lingui/vite-plugin at build time, so the browser gets no message compiler.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/first-screen/{locale}', include: ['src'] },
    { path: '<rootDir>/src/locales/{locale}', include: ['src'] },
  ],
  format: formatter({ style: 'minimal' }),
});
