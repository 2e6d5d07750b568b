import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// One flat catalogue per language (src/locales/{en,de}.json: key -> ICU message), compiled by
// @lingui/vite-plugin at build time, so the browser gets no message compiler.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['src'] }],
  format: formatter({ style: 'minimal' }),
});
