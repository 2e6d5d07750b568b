import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { createFastGameBodySchema } from '@beerscale/contract/fast-games';
import { idParamSchema } from '@beerscale/contract/users';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { FastGamesService } from './fast-games.service';

export function registerFastGameRoutes(
  app: FastifyInstance,
  fastGames: FastGamesService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  app.post('/api/fast-game', { preHandler: authenticated }, async (request, reply) => {
    const body = parseInput(createFastGameBodySchema, request.body);
    const gameId = await fastGames.create(body, caller(request));
    return reply.code(201).send({ gameId });
  });

  app.post<{ Params: { id: string } }>(
    '/api/fast-game/:id/start',
    { preHandler: authenticated },
    async (request) => {
      const id = parseInput(idParamSchema, request.params.id);
      await fastGames.start(id, caller(request));
      return { gameId: id, status: 'active' };
    },
  );

  app.get('/api/fast-game/active', { preHandler: authenticated }, async (request) =>
    fastGames.active(caller(request)),
  );
}
