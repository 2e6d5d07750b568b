import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  jti: string;
  expiresAt: Date;
}

/** How many verified tokens are remembered (about 300 bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * HS256 JWTs with `sub`, `jti` (the session's id, so logout can revoke it) and `exp`. Only HS256
 * is accepted, never `none`, so a token cannot choose how it is checked.
 */
export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature already checked out, by their exact text: a signature stays valid,
   * so a client's next request skips the HMAC (WebCrypto's async round trip was a third of a
   * request's cost). Expiry is checked on every use; revocation is the sessions table's job.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: number, now = new Date()): Promise<TokenClaims & { token: string }> {
    const jti = randomUUID();
    const issuedAt = Math.floor(now.getTime() / 1000);
    const exp = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, userId, jti, expiresAt: new Date(exp * 1000) };
  }

  /** verify()'s answer for a token whose signature already checked out; null otherwise. */
  remembered(token: string, now = Date.now()): TokenClaims | null {
    const known = this.verified.get(token);
    return known && known.expiresAt.getTime() > now ? known : null;
  }

  /** The claims of a well-signed, unexpired token; null for anything else. */
  async verify(token: string, now = Date.now()): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt.getTime() > now) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || !payload.jti || !payload.exp) return null;
      const claims = { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      this.verified.set(token, claims);
      if (this.verified.size > VERIFIED_CACHE_SIZE) {
        this.verified.delete(this.verified.keys().next().value as string);
      }
      return claims;
    } catch {
      return null;
    }
  }
}
