import { AUTH_LIMITS } from '@beerscale/contract/limits';
import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { PresenceFeature } from '../realtime/presence.feature';
import type { ScalesRepository } from '../scales/scales.repository';
import type { UsersRepository } from '../users/users.repository';
import { AuthLimiter } from './auth-limiter';
import { registerAuthRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { RememberedSessions } from './remembered-sessions';
import type { SecretsRepository } from './secrets.repository';
import { SessionsRepository } from './sessions.repository';
import { TokenSigner } from './tokens';

export interface AuthFeature {
  service: AuthService;
  /** The sessions' table, for the account's signed-in devices and deletion. */
  sessions: SessionsRepository;
  /** Sign-in and registration limits; the account's password checks count here too. */
  limiter: AuthLimiter;
  register(routes: EndpointRoutes): void;
}

/**
 * Sign-up, sign-in and sessions: the request's `auth` decoration (set by the guard), the JWT
 * key (configured, or generated into the database), the sessions kept in memory and the limits.
 */
export async function authFeature(
  { app, db, bus, config }: FeatureCore,
  deps: {
    secrets: SecretsRepository;
    usersRepo: UsersRepository;
    scalesRepo: ScalesRepository;
    presence: PresenceFeature;
  },
): Promise<AuthFeature> {
  app.decorateRequest('auth', null);
  const jwtSecret = config.jwtSecret ?? (await deps.secrets.getOrCreate('jwt_secret'));
  const sessions = new SessionsRepository(db);
  const limiter = new AuthLimiter({ ...AUTH_LIMITS, ...config.authLimits });
  const service = new AuthService(
    deps.usersRepo,
    deps.scalesRepo,
    new RememberedSessions(sessions, bus),
    new TokenSigner(jwtSecret, config.tokenTtlSeconds),
    limiter,
    bus,
    (userId) => deps.presence.service.signedIn(userId),
  );
  return {
    service,
    sessions,
    limiter,
    register: (routes) => registerAuthRoutes(routes, service),
  };
}
