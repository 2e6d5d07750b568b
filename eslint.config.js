import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { dirname, resolve, sep } from 'node:path';

/** Resolves relative imports and reports those that land in another feature's folder. */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    messages: { cross: 'No imports across features ({{from}} -> {{to}}).' },
  },
  create(context) {
    const featureOf = (file) => {
      const parts = file.split(sep);
      const at = parts.lastIndexOf('features');
      return at >= 0 && parts[at - 1] === 'src' ? parts[at + 1] : null;
    };
    const own = featureOf(context.filename);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!own || typeof source !== 'string' || !source.startsWith('.')) return;
        const target = featureOf(resolve(dirname(context.filename), source));
        if (target && target !== own) {
          context.report({ node, messageId: 'cross', data: { from: own, to: target } });
        }
      },
    };
  },
};

export default tseslint.config(
  // firmware/build: CMake's output (its compiler_depend.ts files are not TypeScript).
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'firmware/build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // JSON bodies in tests are whatever the server sent; asserting on them is the point.
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Screens are used by keyboard and screen reader too: every control needs its role and label.
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // A cycle between modules makes load order matter and splits no chunk cleanly.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Other modules are parsed as TypeScript too, or their imports stay unseen.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // bulletproof-react: a feature never reaches into another feature.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { house: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'house/no-cross-feature-imports': 'error' },
  },
  {
    // Every text a reader sees comes from the catalogues (apps/web/src/locales): a literal in
    // JSX, or in an attribute a reader or a screen reader meets, is an error.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label'],
          },
          // Symbols that read the same in every language: a dash for "none", arrows, units.
          callees: { exclude: ['t', 'i18n(ext)?', 'bind', 'set', 'require', 'includes'] },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s–→·×%]+', 'g', 'beer', 'scale', 'ELO'] },
        },
      ],
    },
  },
);
