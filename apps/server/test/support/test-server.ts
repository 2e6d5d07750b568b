import type { AuthLimits } from '@beerscale/contract/limits';
import { buildApp, type App } from '../../src/app';
import type { Config } from '../../src/config';
import type { Dialect } from '../../src/db/database';
import { DEFAULT_ENGINE_TIMINGS } from '../../src/game/play/engine/timings';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer {
  instance: App;
  database: TestDatabase;
  baseUrl: string;
  wsUrl: string;
  /** Restarts the server process state on the same database (a new App, a new port). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every test signs up (registers and signs in) from 127.0.0.1: those two limits are lifted,
 * the attempt limits keep their defaults. A test's own numbers win; the limits' tests set all.
 */
const TEST_AUTH_LIMITS: Partial<AuthLimits> = {
  loginsPerAddress: 1e9,
  registrationsPerAddress: 1e9,
};

export function testConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    jwtSecret: undefined,
    tokenTtlSeconds: 3600,
    logLevel: process.env.TEST_LOG ? 'error' : 'silent',
    webDist: null,
    trustProxy: false,
    // A raw test device never answers PING: "Key in use" is decided in a moment, not in 5 s.
    devicePingAnswerMs: 300,
    // A container counts after 150 ms of steady readings, not 1 s: games fed steady samples play
    // without waiting real seconds. The window's own tests use the real default.
    engineTimings: { stableForMs: 150 },
    ...overrides,
    authLimits: { ...TEST_AUTH_LIMITS, ...overrides.authLimits },
  };
}

/**
 * The real stability window (1 s within 2 g), for suites whose simulated scale (scale-sim's
 * Platform) rings for most of a second after a put-down: a short window would count a reading
 * taken while it still swings a few grams off, where those suites assert the exact grams.
 */
export const REAL_STABILITY_WINDOW: Partial<Config> = { engineTimings: DEFAULT_ENGINE_TIMINGS };

/** The real app on a real port over its own database. */
export async function startTestServer(
  dialect: Dialect,
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const server = unstartedTestServer();
  await server.start(dialect, overrides);
  return server;
}

/**
 * A server object that exists before its server does: a suite can hand it out when it is
 * declared, and `start` (in the suite's beforeAll) fills it in. describeEachDialect uses this.
 */
export function unstartedTestServer(): TestServer & {
  start(dialect: Dialect, overrides?: Partial<Config>): Promise<void>;
} {
  let config: Partial<Config> = {};
  const server = {
    instance: undefined as unknown as App,
    database: undefined as unknown as TestDatabase,
    baseUrl: '',
    wsUrl: '',
    async start(dialect: Dialect, overrides: Partial<Config> = {}) {
      config = overrides;
      server.database = await createTestDatabase(dialect);
      await listen();
    },
    async restart() {
      await server.instance.close();
      await listen();
    },
    async stop() {
      await server.instance.close();
      await server.database.drop();
    },
  };
  async function listen() {
    server.instance = await buildApp(testConfig(server.database.url, config));
    const address = await server.instance.app.listen({ port: 0, host: '127.0.0.1' });
    server.baseUrl = address;
    server.wsUrl = address.replace(/^http/, 'ws');
  }
  return server;
}
