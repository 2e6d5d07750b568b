import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERRORS } from '@beerscale/contract/messages';
import type { Db } from '../db/database';

/**
 * DESIGN §7b: ok once the database answers; load balancers and tests wait on it. It names the
 * instance that answered, so an operator behind a load balancer can tell them apart.
 */
export function registerHealthRoute(app: FastifyInstance, db: Db, instance: string): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', instance };
    } catch {
      return reply.code(503).send({ status: 'unavailable', error: ERRORS.unavailable });
    }
  });
}
