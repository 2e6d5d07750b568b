import { loadConfig } from '../../apps/server/src/config';
import { serve } from '../../apps/server/src/serve';

/**
 * The browser tests' server: `main.ts serve` as an operator runs it, with a stability window of
 * E2E_STABLE_FOR_MS (250 ms unless set) instead of a second. The browser tests are about what
 * the screens show while games are played; the window and the load cell's ringing are the
 * server suites' subject (weighing at the real window with the ringing simulator). Their
 * simulated scales put containers down settled (support/scale.ts), so a reading takes a
 * quarter of a second to count instead of about two.
 */
const config = loadConfig();
await serve({
  ...config,
  engineTimings: {
    ...config.engineTimings,
    stableForMs: Number(process.env.E2E_STABLE_FOR_MS ?? 250),
  },
});
