import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { httpClient, type HttpCall } from './support/http-client';
import { describeEachDialect } from './support/each-dialect';
import { startTestServer, type TestServer } from './support/test-server';

// GET /api/health remembers a database success for a short window (database-health.ts); a
// database that fails must still turn it 503 once the window is over, and keep it there.
describeEachDialect('health', ({ dialect }) => {
  let server: TestServer;
  let call: HttpCall;

  beforeAll(async () => {
    server = await startTestServer(dialect, { healthSuccessMaxAgeMs: 100 });
    call = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers ok with the instance while the database answers', async () => {
    const reply = await call('GET', '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok', instance: server.instance.instanceId });
  });

  it('answers 503 once the database is gone, on every check after that', async () => {
    expect((await call('GET', '/api/health')).status).toBe(200);
    // A real failure: the SQLite connection closed, the PostgreSQL database dropped under the pool.
    if (dialect === 'sqlite') await server.instance.database.close();
    else await server.database.drop();

    await expect.poll(async () => (await call('GET', '/api/health')).status).toBe(503);
    for (let i = 0; i < 5; i += 1) {
      const reply = await call('GET', '/api/health');
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ status: 'unavailable', error: ERRORS.unavailable });
    }
  });
});
