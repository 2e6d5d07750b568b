import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { registerErrorHandler } from './error-handler';

/** A route failing as pg fails when the server refuses the connection, and one failing otherwise. */
async function appTelling(onDatabaseUnavailable: () => void) {
  const app = Fastify();
  registerErrorHandler(app, { spaFallback: false, onDatabaseUnavailable });
  app.get('/refused', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/broken', async () => {
    throw new Error('a bug');
  });
  return app;
}

describe('registerErrorHandler', () => {
  it('answers 503 to a request that found the database unreachable, and says so', async () => {
    let heard = 0;
    const app = await appTelling(() => (heard += 1));
    const reply = await app.inject({ method: 'GET', url: '/refused' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ error: ERRORS.unavailable });
    expect(heard).toBe(1);
  });

  it('answers 500 to any other failure without blaming the database', async () => {
    let heard = 0;
    const app = await appTelling(() => (heard += 1));
    const reply = await app.inject({ method: 'GET', url: '/broken' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toMatchObject({ error: ERRORS.internal });
    expect(heard).toBe(0);
  });
});
