import { afterAll, beforeAll, describe } from 'vitest';
import type { Config } from '../../src/config';
import type { Dialect } from '../../src/db/database';
import type { HttpCall } from './http-client';
import { httpClient } from './http-client';
import { adminToken } from './pairing';
import { TableScales } from './table-scale';
import { unstartedTestServer, type TestServer } from './test-server';

export interface DialectContext {
  dialect: Dialect;
}

/**
 * What a suite declared with server options gets. Each is handed out when the suite is declared
 * (so the suite can destructure it there) and usable from the suite's first hook on: the server
 * starts in a beforeAll declared before the suite's own hooks and stops after its afterAll hooks.
 */
export interface ServerContext extends DialectContext {
  /** The real app on its own database and port. */
  server: TestServer;
  /** HTTP to that server (follows it across `server.restart()`). */
  call: HttpCall;
  /** An administrator's token on that server, made on first use, once per suite. */
  adminToken(): Promise<string>;
  /** Paired, connected simulated scales for ranked games; all stopped before the server. */
  scales: TableScales;
}

export interface ServerOptions {
  /** The server's configuration beyond the tests' defaults (testConfig). */
  config?: Partial<Config>;
}

const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

/**
 * One suite per database dialect, named `<name> on <dialect>`: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Without it the PostgreSQL suite is declared and skipped, so run
 * reports count its tests as skipped instead of leaving them out.
 *
 * With options (`{}` for the defaults) the suite also gets one started server, a client, a
 * lazily made administrator and table scales, shared by its tests.
 */
export function describeEachDialect(name: string, body: (ctx: DialectContext) => void): void;
export function describeEachDialect(
  name: string,
  options: ServerOptions,
  body: (ctx: ServerContext) => void,
): void;
export function describeEachDialect(
  name: string,
  optionsOrBody: ServerOptions | ((ctx: DialectContext) => void),
  serverBody?: (ctx: ServerContext) => void,
): void {
  for (const dialect of DIALECTS) {
    const available = dialect === 'sqlite' || Boolean(process.env.TEST_DATABASE_URL);
    describe.skipIf(!available)(`${name} on ${dialect}`, () => {
      if (typeof optionsOrBody === 'function') optionsOrBody({ dialect });
      else serverBody!(serverContext(dialect, optionsOrBody));
    });
  }
}

function serverContext(dialect: Dialect, options: ServerOptions): ServerContext {
  const server = unstartedTestServer();
  const call: HttpCall = (method, path, request) =>
    httpClient(server.baseUrl)(method, path, request);
  let admin: Promise<string> | undefined;
  const scales = new TableScales(
    call,
    () => server.wsUrl,
    () => server.instance.database,
  );
  beforeAll(() => server.start(dialect, options.config));
  // Vitest runs a suite's afterAll hooks last-declared first: this one after the suite's own.
  afterAll(async () => {
    scales.stopAll();
    await server.stop();
  });
  return {
    dialect,
    server,
    call,
    adminToken: () => (admin ??= adminToken(call, server.instance.database)),
    scales,
  };
}
