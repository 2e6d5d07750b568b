import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  answerInviteBodySchema,
  createGameBodySchema,
  inviteBodySchema,
  rankedSetupBodySchema,
} from '@beerscale/contract/games';
import { idParamSchema } from '@beerscale/contract/users';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { GamesService } from './games.service';

type Id = { Params: { id: string } };

export function registerGamesRoutes(
  app: FastifyInstance,
  games: GamesService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  const auth = { preHandler: authenticated };
  const id = (params: { id: string }) => parseInput(idParamSchema, params.id);

  app.post('/api/games', auth, async (request, reply) => {
    const { gameName } = parseInput(createGameBodySchema, request.body);
    return reply.code(201).send({ gameId: await games.create(gameName, caller(request)) });
  });

  app.get('/api/games/invites/mine', auth, async (request) => games.myInvites(caller(request)));

  app.put<{ Params: { inviteId: string } }>(
    '/api/games/invites/:inviteId',
    auth,
    async (request) => {
      const inviteId = parseInput(idParamSchema, request.params.inviteId);
      const { status } = parseInput(answerInviteBodySchema, request.body);
      const gameId = await games.answer(inviteId, status, caller(request));
      return gameId === null ? { status } : { status, gameId };
    },
  );

  app.get<Id>('/api/games/:id', auth, async (request) =>
    games.get(id(request.params), caller(request)),
  );

  app.get<Id>('/api/games/:id/participants', auth, async (request) =>
    games.participants(id(request.params), caller(request)),
  );

  app.get<Id>('/api/games/:id/invites', auth, async (request) =>
    games.invites(id(request.params), caller(request)),
  );

  app.post<Id>('/api/games/:id/invites', auth, async (request, reply) => {
    const { playerId } = parseInput(inviteBodySchema, request.body);
    return reply
      .code(201)
      .send({ id: await games.invite(id(request.params), playerId, caller(request)) });
  });

  app.delete<{ Params: { id: string; inviteId: string } }>(
    '/api/games/:id/invites/:inviteId',
    auth,
    async (request) => {
      const inviteId = parseInput(idParamSchema, request.params.inviteId);
      await games.cancelInvite(id(request.params), inviteId, caller(request));
      return { message: 'Invitation cancelled' };
    },
  );

  app.post<{ Params: { id: string; playerId: string } }>(
    '/api/games/:id/participants/:playerId/kick',
    auth,
    async (request) => {
      const playerId = parseInput(idParamSchema, request.params.playerId);
      await games.kick(id(request.params), playerId, caller(request));
      return { message: 'Player kicked' };
    },
  );

  app.post<Id>('/api/games/:id/leave', auth, async (request) => {
    await games.leave(id(request.params), caller(request));
    return { message: 'Left the game' };
  });

  app.post<Id>('/api/games/:id/cancel', auth, async (request) => {
    await games.cancel(id(request.params), caller(request));
    return { message: 'Game cancelled' };
  });

  app.post<Id>('/api/games/:id/setup-ranked', auth, async (request) => {
    const body = parseInput(rankedSetupBodySchema, request.body);
    await games.setup(id(request.params), body, caller(request));
    return { message: 'Ranked game set up' };
  });

  app.post<Id>('/api/games/:id/start-ranked', auth, async (request) => {
    parseInput(rankedSetupBodySchema, request.body);
    await games.start(id(request.params), caller(request));
    return { message: 'Ranked game started' };
  });

  app.get('/api/users/active-game', auth, async (request) => games.activeGame(caller(request)));
}
