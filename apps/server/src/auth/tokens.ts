import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  jti: string;
  expiresAt: Date;
}

/** HS256 JWTs with `sub`, `jti` and `exp` (DESIGN §2). Only HS256 is accepted, never `none`. */
export class TokenSigner {
  private readonly key: Uint8Array;

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

  /** The claims of a well-signed, unexpired token; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || !payload.jti || !payload.exp) return null;
      return { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }
}
