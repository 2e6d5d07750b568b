import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What helmet's middleware sets for these options (CSP, nosniff, frame and referrer
 * policies...), collected from a stand-in response once at start: with no nonces nothing it
 * sets depends on the request, so one answer serves every reply. secured-response.ts writes
 * them into every reply of the port; @fastify/helmet built the middleware anew per request,
 * parsing the whole CSP each time (a fifth of a cached leaderboard read). A test checks they
 * are exactly @fastify/helmet's.
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
