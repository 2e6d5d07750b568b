import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { answerInviteBodySchema, inviteBodySchema } from '@beerscale/contract/games';
import { idParamSchema } from '@beerscale/contract/users';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { InvitesService } from './invites.service';

/** Invitations of the ranked lobby (SPEC §7), plus the lists a reloaded page needs. */
export function registerInvitesRoutes(
  app: FastifyInstance,
  invites: InvitesService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  const auth = { preHandler: authenticated };
  const id = (value: string) => parseInput(idParamSchema, value);

  app.get('/api/games/invites/mine', auth, async (request) => invites.mine(caller(request)));

  app.put<{ Params: { inviteId: string } }>(
    '/api/games/invites/:inviteId',
    auth,
    async (request) => {
      const inviteId = id(request.params.inviteId);
      const { status } = parseInput(answerInviteBodySchema, request.body);
      const gameId = await invites.answer(inviteId, status, caller(request));
      return status === 'accepted' ? { status, gameId } : { status };
    },
  );

  app.get<{ Params: { id: string } }>('/api/games/:id/invites', auth, async (request) =>
    invites.pending(id(request.params.id), caller(request)),
  );

  app.post<{ Params: { id: string } }>('/api/games/:id/invites', auth, async (request, reply) => {
    const gameId = id(request.params.id);
    const { playerId } = parseInput(inviteBodySchema, request.body);
    return reply.code(201).send({ id: await invites.invite(gameId, playerId, caller(request)) });
  });

  app.delete<{ Params: { id: string; inviteId: string } }>(
    '/api/games/:id/invites/:inviteId',
    auth,
    async (request) => {
      const gameId = id(request.params.id);
      const inviteId = id(request.params.inviteId);
      await invites.cancel(gameId, inviteId, caller(request));
      return { message: 'Invitation cancelled' };
    },
  );
}
