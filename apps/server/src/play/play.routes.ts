import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { manualMeasurementBodySchema } from '@beerscale/contract/play';
import { idParamSchema } from '@beerscale/contract/users';
import { COMPRESSIBLE } from '../http/compression';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { PlayService } from './play.service';

export function registerPlayRoutes(
  app: FastifyInstance,
  play: PlayService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  app.get<{ Params: { id: string } }>(
    '/api/games/:id/state',
    { preHandler: authenticated, ...COMPRESSIBLE },
    async (request) => {
      const id = parseInput(idParamSchema, request.params.id);
      return { game: await play.state(id, caller(request)) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/validate',
    { preHandler: authenticated },
    async (request) => {
      const id = parseInput(idParamSchema, request.params.id);
      return play.validate(id, caller(request));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/games/:id/measurements',
    { preHandler: authenticated },
    async (request) => {
      const id = parseInput(idParamSchema, request.params.id);
      const { grams } = parseInput(manualMeasurementBodySchema, request.body);
      return { game: await play.manualReading(id, grams, caller(request)) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/games/:id/finish',
    { preHandler: authenticated },
    async (request) => {
      const id = parseInput(idParamSchema, request.params.id);
      return { game: await play.finish(id, caller(request)) };
    },
  );
}
