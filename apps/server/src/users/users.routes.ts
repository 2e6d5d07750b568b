import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { profileBodySchema } from '@beerscale/contract/profile';
import {
  idParamSchema,
  publicUserListSchema,
  statusBodySchema,
  usersQuerySchema,
} from '@beerscale/contract/users';
import { replySchema } from '../http/reply-schema';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { UsersService } from './users.service';

export function registerUsersRoutes(
  app: FastifyInstance,
  users: UsersService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  const listSchema = { response: { 200: replySchema(publicUserListSchema) } };
  app.get('/api/users', { preHandler: authenticated, schema: listSchema }, async (request) => {
    const query = parseInput(usersQuerySchema, request.query);
    return users.list(query, caller(request));
  });

  app.get('/api/profile', { preHandler: authenticated }, async (request) =>
    users.profile(caller(request)),
  );

  app.put('/api/profile', { preHandler: authenticated }, async (request) => {
    return users.updateProfile(parseInput(profileBodySchema, request.body), caller(request));
  });

  app.put<{ Params: { id: string } }>(
    '/api/users/:id/status',
    { preHandler: authenticated },
    async (request) => {
      const id = parseInput(idParamSchema, request.params.id);
      const { status } = parseInput(statusBodySchema, request.body);
      await users.setStatus(id, status, caller(request));
      return { id, status };
    },
  );
}
