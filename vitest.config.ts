import { defineConfig } from 'vitest/config';
import web from './apps/web/vitest.config.ts';

/**
 * Server suites that start child processes (nginx, PostgreSQL, server bundles, the benchmark)
 * or run long generated inputs: `npm test` runs them, `npm run test:fast` leaves them out.
 */
const SYSTEM_SUITES = [
  'apps/server/test/bench-smoke.test.ts',
  'apps/server/test/cluster.test.ts',
  'apps/server/test/crash-recovery.test.ts',
  'apps/server/test/fuzz.test.ts',
  'apps/server/test/server-bundle.test.ts',
  'apps/server/test/trust-proxy.test.ts',
];
/**
 * Web test files that replace a module (`vi.mock`) or drive the page's one wake lock and
 * Bluetooth bridge (module-level, as in the browser): each runs in a fresh module registry. The
 * other web files share one per worker (below).
 */
const WEB_ISOLATED = [
  'src/app/realtime-sync.test.tsx',
  'src/features/bluetooth-scale/components/bluetooth-scale-section.test.tsx',
  'src/lib/use-wake-lock.test.tsx',
  'src/features/ranked/api/participant-order.test.tsx',
  'src/i18n/german-first-screen.test.tsx',
];
// expect.poll waits on a real server under a loaded CI machine: 10 s, not the default 1 s.
const SERVER_LIMITS = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  expect: { poll: { timeout: 10_000 } },
};

// One run covers every package; each project keeps its own environment. Vitest runs the files
// of every project in one group (same `sequence.groupOrder`) in one pool of `maxWorkers`
// workers; a group left at the default (one worker fewer than cores: one here) would run the
// web, contract, simulator and kit files one after another before the server's even started.
// Six at once: most suites wait on sockets, timers and databases, not on a core (measured on
// this 2-core machine: 4 workers 145 s at 1.35 cores busy, 6 124 s at 1.6, 8 111 s at 1.8; six
// leaves a slow day's timers some room).
export default defineConfig({
  test: {
    maxWorkers: 6,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'scale-sim', include: ['packages/scale-sim/src/**/*.test.ts'] } },
      {
        test: {
          name: 'scale-conformance',
          include: ['packages/scale-conformance/src/**/*.test.ts'],
          // The kit's runs against the simulator wait on sockets and timers, not on a core.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: SYSTEM_SUITES,
          ...SERVER_LIMITS,
          // A worker keeps the server's modules loaded from one file to the next: importing the
          // app costs seconds per file, and every suite builds its own App on its own database,
          // so nothing a test sees is left over from another file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-system',
          include: SYSTEM_SUITES,
          ...SERVER_LIMITS,
          // Child processes (server instances, nginx, a private PostgreSQL, the benchmark's
          // generator), each on ports of its own (support/cluster.ts freePort): two files at a
          // time, since they mostly wait on those processes; after the others when run in the
          // same `vitest run` (npm test runs them in a stage of their own, scripts/test.mjs).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        ...web,
        test: {
          ...web.test,
          name: 'web',
          exclude: WEB_ISOLATED,
          // A worker keeps React, the texts and the fake server loaded from one file to the next:
          // loading them again for each file cost three times the CPU of the tests themselves.
          // Each test renders its own tree with its own query client; test-setup.ts unmounts it
          // and resets the fake server's handlers and the toasts between tests.
          isolate: false,
        },
      },
      { ...web, test: { ...web.test, name: 'web-isolated', include: WEB_ISOLATED } },
    ],
  },
});
