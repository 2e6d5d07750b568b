import { configure } from '@testing-library/react';
import { activate } from './i18n/i18n';

// Two cores run the whole suite at once; a screen that needs a lazy chunk and a fetch can take
// longer than testing-library's 1 s default to appear without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// Components speak English in tests unless a test switches the language (SPEC's exact texts).
await activate('en');
