import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  createGameBodySchema,
  participantOrderBodySchema,
  rankedSetupBodySchema,
} from '@beerscale/contract/games';
import { TOASTS } from '@beerscale/contract/messages';
import { idParamSchema } from '@beerscale/contract/users';
import { caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { GamesService } from './games.service';

type Id = { Params: { id: string } };

/** The ranked lobby's calls of SPEC §7 (invitations are in invites.routes.ts). */
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

  app.get<Id>('/api/games/:id', auth, async (request) =>
    games.get(id(request.params), caller(request)),
  );

  app.get<Id>('/api/games/:id/participants', auth, async (request) =>
    games.participants(id(request.params), caller(request)),
  );

  app.put<Id>('/api/games/:id/order', auth, async (request) => {
    const gameId = id(request.params);
    const { participantOrder } = parseInput(participantOrderBodySchema, request.body);
    await games.reorder(gameId, participantOrder, caller(request).user.id);
    return { message: 'Order updated' };
  });

  app.post<{ Params: { id: string; playerId: string } }>(
    '/api/games/:id/participants/:playerId/kick',
    auth,
    async (request) => {
      const gameId = id(request.params);
      const playerId = parseInput(idParamSchema, request.params.playerId);
      await games.kick(gameId, playerId, caller(request));
      return { message: 'Player kicked' };
    },
  );

  app.post<Id>('/api/games/:id/leave', auth, async (request) => {
    await games.leave(id(request.params), caller(request));
    return { message: TOASTS.leftGame };
  });

  app.post<Id>('/api/games/:id/cancel', auth, async (request) => {
    await games.cancel(id(request.params), caller(request));
    return { message: 'Game cancelled' };
  });

  app.post<Id>('/api/games/:id/setup-ranked', auth, async (request) => {
    const gameId = id(request.params);
    const body = parseInput(rankedSetupBodySchema, request.body);
    await games.setup(gameId, body, caller(request));
    return { message: TOASTS.rankedSetup };
  });

  app.post<Id>('/api/games/:id/start-ranked', auth, async (request) => {
    const gameId = id(request.params);
    // Validated like set-up's, as the client sends it; the game starts with what was set up.
    parseInput(rankedSetupBodySchema, request.body);
    await games.start(gameId, caller(request));
    return { message: TOASTS.rankedStarted };
  });

  app.get('/api/users/active-game', auth, async (request) => games.activeGame(caller(request)));
}
