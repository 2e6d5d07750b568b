import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { loginBodySchema, registerBodySchema } from '@beerscale/contract/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { bearerToken, caller } from '../http/auth-guard';
import { parseInput } from '../http/validate';
import type { AuthService } from './auth.service';

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  authenticated: preHandlerAsyncHookHandler,
): void {
  app.post('/api/register', async (request, reply) => {
    const body = parseInput(registerBodySchema, request.body);
    const userId = await auth.register(body, request.ip);
    return reply
      .code(201)
      .send({ message: 'Registration successful! You can now sign in.', userId });
  });

  app.post('/api/login', async (request) => {
    const body = parseInput(loginBodySchema, request.body);
    return auth.login(body, request.ip);
  });

  // A missing, malformed, expired or revoked token is a 401 with valid:false (SPEC §4: the
  // client then drops it and goes to /login).
  app.get('/api/verify-token', async (request, reply) => {
    const token = bearerToken(request);
    const context = token ? await auth.authenticate(token) : null;
    if (!context) return reply.code(401).send({ valid: false, error: ERRORS.invalidToken });
    return { valid: true, user: context.user };
  });

  app.post('/api/logout', { preHandler: authenticated }, async (request) => {
    await auth.logout(caller(request));
    return { message: 'Logged out' };
  });
}
