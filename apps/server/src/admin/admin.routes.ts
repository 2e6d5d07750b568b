import {
  adminPairScale,
  adminScales,
  adminUsers,
  assignScale,
  pendingPairings,
  resetScaleKey,
  unassignScale,
} from '@beerscale/contract/api/admin';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { AdminService } from './admin.service';

export function registerAdminRoutes(routes: EndpointRoutes, admin: AdminService): void {
  routes.add(adminScales, async ({ query }) => admin.listScales(query), { compressible: true });
  routes.add(
    adminUsers,
    async ({ query: { search } }) => ({ users: search ? await admin.searchUsers(search) : [] }),
    { compressible: true },
  );
  routes.add(assignScale, async ({ params, body }) => {
    await admin.assign(params.mac, body.userId);
    return { message: 'Scale assigned and approved' };
  });
  routes.add(unassignScale, async ({ params }) => {
    await admin.unassign(params.mac);
    return { message: 'Scale unassigned' };
  });
  routes.add(resetScaleKey, async ({ params }) => {
    await admin.resetKey(params.mac);
    return { message: 'Pairing key reset' };
  });
  routes.add(pendingPairings, async () => ({ pairings: admin.pendingPairings() }));
  routes.add(adminPairScale, async ({ params, body }) => {
    await admin.pair(params.mac, body.code);
    return { paired: true } as const;
  });
}
