import { expect, it } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { describeEachDialect } from './support/each-dialect';

// GET /api/health remembers a database success for a short window (database-health.ts); a
// database that fails must still turn it 503 once the window is over, and keep it there.
describeEachDialect(
  'health',
  { config: { healthSuccessMaxAgeMs: 100 } },
  ({ dialect, server, call }) => {
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
  },
);
