import { health } from '@beerscale/contract/api/health';
import { ERRORS } from '@beerscale/contract/messages';
import type { DatabaseHealth } from '../db/database-health';
import { JsonBytes } from './json-bytes';
import type { EndpointRoutes } from './register-endpoint';

/**
 * Ok once the database answers (docs/ARCHITECTURE.md); load balancers and tests wait on it. It names the
 * instance that answered, so an operator behind a load balancer can tell them apart.
 */
export function registerHealthRoute(
  routes: EndpointRoutes,
  database: DatabaseHealth,
  instance: string,
): void {
  const ok = { status: 'ok', instance } as const;
  // The memory lane answers while a success is remembered (db/database-health.ts).
  const okBytes = new JsonBytes(ok);
  routes.add(
    health,
    async ({ reply }) => {
      if (await database.isUp()) return ok;
      return reply.code(503).send({ status: 'unavailable', error: ERRORS.unavailable });
    },
    { fromMemory: () => (database.isUp() === true ? okBytes : null) },
  );
}
