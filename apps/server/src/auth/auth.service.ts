import type { LoginBody, LoginReply, RegisterBody, SessionUser } from '@beerscale/contract/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { ACCOUNT_REFUSALS } from '@beerscale/contract/account-messages';
import type { UserRow } from '../db/schema';
import type { EventBus } from '../realtime/event-bus';
import { conflict, forbidden, tooManyRequests, unauthorized } from '../http/http-error';
import type { ScalesRepository } from '../scales/scales.repository';
import { usernameKey, type UsersRepository } from '../users/users.repository';
import type { AuthLimiter } from './auth-limiter';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import type { SessionStore } from './sessions.repository';
import type { TokenSigner } from './tokens';
import { isUniqueViolation } from '../db/unique-violation';

export interface AuthContext {
  user: SessionUser;
  jti: string;
}

/** A session's last use is written at most this often (the signed-in devices list). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Whether a session last seen then is written as seen now (at most every LAST_SEEN_EVERY_MS). */
function dueForTouch(lastSeenAt: string | null, now: Date): boolean {
  const lastSeen = lastSeenAt ? Date.parse(lastSeenAt) : 0;
  return now.getTime() - lastSeen >= LAST_SEEN_EVERY_MS;
}

export function toSessionUser(
  row: Pick<UserRow, 'id' | 'username' | 'player_name' | 'status' | 'is_admin'>,
): SessionUser {
  return {
    id: row.id,
    username: row.username,
    playerName: row.player_name,
    status: row.status,
    isAdmin: row.is_admin === 1,
  };
}

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly scales: ScalesRepository,
    private readonly sessions: SessionStore,
    private readonly tokens: TokenSigner,
    private readonly limiter: AuthLimiter,
    private readonly bus: EventBus,
    private readonly afterSignIn: (userId: number) => void,
  ) {}

  async register(body: RegisterBody, address: string, now = new Date()): Promise<number> {
    // Before anything costs: each registration is an argon2 hash and rows.
    const admission = await this.limiter.admitRegistration(address);
    if (!admission.admitted) {
      throw tooManyRequests(
        ERRORS.tooManyRegistrations(admission.retryAfterMs),
        admission.retryAfterMs,
      );
    }
    if (await this.users.findByUsername(body.username)) throw conflict(ERRORS.usernameTaken);
    const passwordHash = await hashPassword(body.password);
    try {
      // The account and its scale link land together or not at all.
      return await this.users.transaction(async (trx) => {
        const userId = await this.users.insert(
          {
            username: body.username,
            username_key: usernameKey(body.username),
            player_name: body.playerName,
            password_hash: passwordHash,
            created_at: now.toISOString(),
            // The registration form's "at least 16" (docs/PRIVACY.md); SPEC's body has none.
            age_confirmed_at: body.ageConfirmed === true ? now.toISOString() : null,
          },
          trx,
        );
        await this.scales.linkOnRegistration(body.macAddress, userId, now, trx);
        return userId;
      });
    } catch (err) {
      // Two registrations racing for one name: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(ERRORS.usernameTaken);
      throw err;
    }
  }

  async login(
    body: LoginBody,
    address: string,
    userAgent: string | null = null,
    now = new Date(),
  ): Promise<LoginReply> {
    // The slot is taken before the lookup and the hash: racing requests cannot all be checked.
    const admission = await this.limiter.admitLogin(usernameKey(body.username), address);
    if (!admission.admitted) {
      throw tooManyRequests(ERRORS.tooManyLogins(admission.retryAfterMs), admission.retryAfterMs);
    }
    const attempt = admission.slot;
    let user: UserRow | undefined;
    let ok = false;
    try {
      user = await this.users.findByUsername(body.username);
      ok = user
        ? await verifyPassword(user.password_hash, body.password)
        : (await burnPasswordCheck(body.password), false);
    } finally {
      // A fault counts as a failed attempt: it was checked as far as it got.
      if (ok) attempt.succeeded();
      else attempt.failed();
    }
    if (!user || !ok) throw unauthorized(ERRORS.invalidCredentials);
    // Said only to whoever knows the password: it tells nothing to someone guessing.
    if (user.disabled_at !== null) throw forbidden(ACCOUNT_REFUSALS.accountDisabled);
    const signed = await this.tokens.sign(user.id, now);
    await this.sessions.create(signed.jti, user.id, signed.expiresAt, now, userAgent);
    // A successful login makes the player `logged_in` at once, before any socket opens
    // (docs/ARCHITECTURE.md, Decisions).
    await this.users.setStatus(user.id, 'logged_in');
    this.afterSignIn(user.id);
    return { token: signed.token, user: { ...toSessionUser(user), status: 'logged_in' } };
  }

  /** Who a bearer token speaks for, or null when it is malformed, expired or revoked. */
  async authenticate(token: string, now = new Date()): Promise<AuthContext | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.sessions.findLiveUser(claims.jti, now);
    if (!user || user.user_id !== claims.userId) return null;
    if (dueForTouch(user.last_seen_at, now)) {
      // The remembered row is updated too, so the next requests do not write again.
      user.last_seen_at = now.toISOString();
      await this.sessions.touch(claims.jti, now);
    }
    return { user: toSessionUser(user), jti: claims.jti };
  }

  /**
   * authenticate()'s answer when all it needs is in memory and nothing needs writing (the
   * memory lane's session check, http/memory-lane.ts); null means ask authenticate().
   */
  rememberedCaller(token: string, now = new Date()): AuthContext | null {
    const claims = this.tokens.remembered(token, now.getTime());
    if (!claims) return null;
    const user = this.sessions.remembered?.(claims.jti, now);
    if (!user || user.user_id !== claims.userId) return null;
    if (dueForTouch(user.last_seen_at, now)) return null;
    return { user: toSessionUser(user), jti: claims.jti };
  }

  async logout(context: AuthContext, now = new Date()): Promise<void> {
    await this.sessions.revoke(context.jti, now);
    this.bus.publish('session.revoked', { jti: context.jti });
  }
}
