import { CompiledQuery } from 'kysely';
import { health } from '@beerscale/contract/api/health';
import { ERRORS } from '@beerscale/contract/messages';
import type { Db } from '../db/database';
import type { EndpointRoutes } from './register-endpoint';

/** Compiled once: building it per request cost more than running it. */
const SELECT_ONE = CompiledQuery.raw('select 1');

/**
 * DESIGN §7b: ok once the database answers; load balancers and tests wait on it. It names the
 * instance that answered, so an operator behind a load balancer can tell them apart.
 */
export function registerHealthRoute(routes: EndpointRoutes, db: Db, instance: string): void {
  routes.add(health, async ({ reply }) => {
    try {
      await db.executeQuery(SELECT_ONE);
      return { status: 'ok', instance } as const;
    } catch {
      return reply.code(503).send({ status: 'unavailable', error: ERRORS.unavailable });
    }
  });
}
