import type { FastifyRequest } from 'fastify';

/**
 * A browser socket must come from a page of this server, so no other site can open one in a
 * visitor's name. Browsers always send Origin; clients that send none (scales, scripts) are not
 * browsers and carry no ambient credentials.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    // request.host reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY).
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
