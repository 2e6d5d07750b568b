import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Account } from './accounts';
import type { HttpCall } from './http-client';
import type { TestServer } from './test-server';

/** Tokens a server must refuse with 401, each one way of being wrong. */
export interface ForgedTokens {
  /** A real session of the account, ended by logout (401 everywhere after). */
  revoked: string;
  /** The account's live token with its signature's first character changed. */
  badSignature: string;
  /** Well-formed and signed, but with a secret that is not the server's. */
  otherSecret: string;
  /** `alg: none`, the classic: the payload of a live token without a signature. */
  algNone: string;
  /** Signed with the server's own secret, expired an hour ago. */
  expired: string;
  /** Signed with the server's own secret for a session that was never opened. */
  unknownSession: string;
  /** Signed with the server's own secret for a user who does not exist. */
  unknownUser: string;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The server's JWT secret as it keeps it (app_secrets) when none is configured. */
async function serverSecret(server: TestServer): Promise<Uint8Array> {
  const row = await server.instance.database.db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

async function sign(key: Uint8Array, sub: number, jti: string, expiresAt: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(sub))
    .setJti(jti)
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key);
}

export async function forgeTokens(
  server: TestServer,
  call: HttpCall,
  account: Account,
): Promise<ForgedTokens> {
  const second = await call('POST', '/api/login', {
    body: { username: account.username, password: account.password },
  });
  if (second.status !== 200) throw new Error(`login failed: ${JSON.stringify(second.body)}`);
  const revoked: string = second.body.token;
  const logout = await call('POST', '/api/logout', { token: revoked });
  if (logout.status !== 200) throw new Error(`logout failed: ${JSON.stringify(logout.body)}`);

  const [header, payload, signature] = account.token.split('.') as [string, string, string];
  const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
  const now = Math.floor(Date.now() / 1000);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const key = await serverSecret(server);
  return {
    revoked,
    badSignature: `${header}.${payload}.${flipped}`,
    otherSecret: await sign(
      new TextEncoder().encode('not-the-server-secret-not-the-server-secret'),
      account.id,
      claims.jti,
      now + 3600,
    ),
    algNone: `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    expired: await sign(key, account.id, claims.jti, now - 3600),
    unknownSession: await sign(key, account.id, randomUUID(), now + 3600),
    unknownUser: await sign(key, 2_000_000_000, claims.jti, now + 3600),
  };
}
