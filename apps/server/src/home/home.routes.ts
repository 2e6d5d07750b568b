import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { homeReplySchema } from '@beerscale/contract/home';
import { idParamSchema } from '@beerscale/contract/users';
import { COMPRESSIBLE } from '../http/compression';
import { replySchema } from '../http/reply-schema';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { HomeService } from './home.service';

export function registerHomeRoutes(
  app: FastifyInstance,
  home: HomeService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  const schema = { response: { 200: replySchema(homeReplySchema) } };
  app.get('/api/home', { preHandler: authenticated, schema, ...COMPRESSIBLE }, async (request) =>
    home.home(caller(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/:id/elo-history',
    { preHandler: authenticated, ...COMPRESSIBLE },
    async (request) => home.eloHistory(parseInput(idParamSchema, request.params.id)),
  );
}
