/** A JWT-shaped token for tests: real structure and `exp`, fake signature. */
export function makeToken(payload: Record<string, unknown>): string {
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

/** A token that expires `seconds` from now (negative: already expired). */
export function tokenExpiringIn(seconds: number): string {
  return makeToken({ sub: '7', jti: 'test', exp: Math.floor(Date.now() / 1000) + seconds });
}

function encode(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}
