import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERRORS } from '@beerscale/contract/messages';
import type { Db } from '../db/database';

/** DESIGN §7b: ok once the database answers; load balancers and tests wait on it. */
export function registerHealthRoute(app: FastifyInstance, db: Db): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', error: ERRORS.unavailable });
    }
  });
}
