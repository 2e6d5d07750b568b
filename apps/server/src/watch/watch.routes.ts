import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { idParamSchema } from '@beerscale/contract/users';
import { watchTokenSchema } from '@beerscale/contract/watch';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { WatchService } from './watch.service';

export function registerWatchRoutes(
  app: FastifyInstance,
  watch: WatchService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  app.post<{ Params: { id: string } }>(
    '/api/games/:id/watch-link',
    { preHandler: authenticated },
    async (request) => watch.link(parseInput(idParamSchema, request.params.id), caller(request)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/games/:id/watch-link/renew',
    { preHandler: authenticated },
    async (request) => watch.renew(parseInput(idParamSchema, request.params.id), caller(request)),
  );

  // Public: the token is the only credential, and it opens this one reply.
  app.get<{ Params: { token: string } }>('/api/watch/:token', async (request) => ({
    game: await watch.state(parseInput(watchTokenSchema, request.params.token)),
  }));
}
