import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { adminScalesQuerySchema } from '@beerscale/contract/admin';
import { macSchema } from '@beerscale/contract/mac';
import { pairBodySchema } from '@beerscale/contract/scales';
import { idParamSchema } from '@beerscale/contract/users';
import { requireAdmin } from '../http/auth-guard';
import { COMPRESSIBLE } from '../http/compression';
import { parseInput } from '../http/validate';
import type { AdminService } from './admin.service';

type MacParams = { Params: { mac: string } };
const assignBody = z.strictObject({ userId: idParamSchema });
const searchQuery = z.strictObject({ search: z.string().trim().max(100).default('') });

export function registerAdminRoutes(
  app: FastifyInstance,
  admin: AdminService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  // Every admin route: a live session first (401), then the admin flag (403).
  const guard = {
    preHandler: [
      authenticated,
      async (request: Parameters<typeof requireAdmin>[0]) => void requireAdmin(request),
    ],
  };

  app.get('/api/admin/scales', { ...guard, ...COMPRESSIBLE }, async (request) =>
    admin.listScales(parseInput(adminScalesQuerySchema, request.query)),
  );

  app.get('/api/admin/users', { ...guard, ...COMPRESSIBLE }, async (request) => {
    const { search } = parseInput(searchQuery, request.query);
    return { users: search ? await admin.searchUsers(search) : [] };
  });

  app.post<MacParams>('/api/admin/scales/:mac/assign', guard, async (request) => {
    const mac = parseInput(macSchema, request.params.mac);
    const { userId } = parseInput(assignBody, request.body);
    await admin.assign(mac, userId);
    return { message: 'Scale assigned and approved' };
  });

  app.post<MacParams>('/api/admin/scales/:mac/unassign', guard, async (request) => {
    const mac = parseInput(macSchema, request.params.mac);
    await admin.unassign(mac);
    return { message: 'Scale unassigned' };
  });

  app.post<MacParams>('/api/admin/scales/:mac/reset-key', guard, async (request) => {
    const mac = parseInput(macSchema, request.params.mac);
    await admin.resetKey(mac);
    return { message: 'Pairing key reset' };
  });

  app.get('/api/admin/pairings', guard, async () => ({ pairings: admin.pendingPairings() }));

  app.post<MacParams>('/api/admin/scales/:mac/pair', guard, async (request) => {
    const mac = parseInput(macSchema, request.params.mac);
    const { code } = parseInput(pairBodySchema, request.body);
    await admin.pair(mac, code);
    return { paired: true as const };
  });
}
