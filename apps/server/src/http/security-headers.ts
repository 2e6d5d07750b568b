import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (CSP, nosniff, frame and referrer policies...) on every reply, computed once.
 * @fastify/helmet builds helmet's middleware anew for every request, parsing the whole CSP each
 * time: a fifth of the cost of a cached leaderboard read. The options are helmet's; the headers
 * are what its middleware sets with them, asked once at start (a test checks they are exactly
 * @fastify/helmet's).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  applySecurityHeaders(app, helmetHeaders(options));
}

/** Sets headers computed by helmetHeaders on every reply that goes through the hooks. */
export function applySecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * What helmet's middleware sets for these options, collected from a stand-in response: with
 * no nonces nothing it sets depends on the request, so one answer serves every reply.
 * (It used to be asked of a throwaway Fastify app: a tenth of the server's start-up.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
