import type { FastifyRequest } from 'fastify';

/**
 * DESIGN §6: a browser socket must come from a page of this server. Browsers always send Origin;
 * clients that send none (scales, scripts) are not browsers and carry no ambient credentials.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
