import { login, logout, register, verifyToken } from '@beerscale/contract/api/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { bearerToken } from '../http/auth-guard';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { AuthService } from './auth.service';
import { storedUserAgent } from './user-agent';

export function registerAuthRoutes(routes: EndpointRoutes, auth: AuthService): void {
  routes.add(register, async ({ body, request }) => ({
    message: 'Registration successful! You can now sign in.',
    userId: await auth.register(body, request.ip),
  }));

  routes.add(login, async ({ body, request }) =>
    auth.login(body, request.ip, storedUserAgent(request.headers['user-agent'])),
  );

  // A missing, malformed, expired or revoked token is a 401 with valid:false: the client then
  // drops it and goes to /login (docs/ARCHITECTURE.md, The web app's behaviour, Session).
  routes.add(verifyToken, async ({ request, reply }) => {
    const token = bearerToken(request);
    const context = token ? await auth.authenticate(token) : null;
    if (!context) return reply.code(401).send({ valid: false, error: ERRORS.invalidToken });
    return { valid: true, user: context.user };
  });

  routes.add(logout, async ({ me }) => {
    await auth.logout(me);
    return { message: 'Logged out' };
  });
}
