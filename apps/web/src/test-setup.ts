import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { activate } from './i18n/i18n';
import { server, serverOptions, takeProblems } from './testing/contract-server';

// Two cores run the whole suite at once; a screen that needs a lazy chunk and a fetch can take
// longer than testing-library's 1 s default to appear without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// Components speak English in tests unless a test switches the language (the texts the tests
// read are the English catalogue's).
await activate('en');

// Every test talks to one fake server answering by the contract table (testing/contract-server.ts);
// each test serves the entries it needs, and a request outside them fails the test.
beforeAll(() => server.listen(serverOptions));
afterEach(() => {
  server.resetHandlers();
  const problems = takeProblems();
  if (problems.length > 0) throw new Error(`The fake server saw:\n${problems.join('\n')}`);
});
afterAll(() => server.close());
