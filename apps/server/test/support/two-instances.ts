import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/app';
import type { Config } from '../../src/config';
import type { Dialect } from '../../src/db/database';
import { httpClient, type HttpCall } from './http-client';
import { startTestServer, testConfig, type TestServer } from './test-server';

export interface TwoInstances {
  /** Instance A: the suite's test server. */
  server: TestServer;
  /** Instance B: a second app on the same database (and so, on PostgreSQL, the same bus). */
  other: App;
  otherUrl: string;
  callA: HttpCall;
  callB: HttpCall;
}

/**
 * Two instances of the server on one database for a suite, started before the suite's own
 * hooks and closed after them (call it where the hooks go); the fields are set once they run.
 * `config` applies to both.
 */
export function twoInstances(dialect: Dialect, config: Partial<Config> = {}): TwoInstances {
  const two = {} as TwoInstances;
  beforeAll(async () => {
    two.server = await startTestServer(dialect, config);
    two.other = await buildApp(testConfig(two.server.database.url, config));
    two.otherUrl = await two.other.app.listen({ port: 0, host: '127.0.0.1' });
    two.callA = httpClient(two.server.baseUrl);
    two.callB = httpClient(two.otherUrl);
  });
  afterAll(async () => {
    await two.other?.close();
    await two.server?.stop();
  });
  return two;
}
