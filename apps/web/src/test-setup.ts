import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
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
// A toast raised after its test's screen was gone waits for the next toast host to mount; the
// files of a worker share the toast library (vitest.config.ts), so each test starts without any.
beforeEach(() => toast.dismiss());
afterEach(() => {
  // Every screen a test rendered goes with it (without Vitest's globals, testing-library does not
  // do this by itself): one left mounted would hold the page's wake lock or socket into the files
  // after it in the same worker.
  cleanup();
  server.resetHandlers();
  const problems = takeProblems();
  if (problems.length > 0) throw new Error(`The fake server saw:\n${problems.join('\n')}`);
});
afterAll(() => server.close());
