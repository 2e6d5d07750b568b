import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers every reply has whatever helmet is configured with; not helmet's to set. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers (CSP, nosniff, frame and referrer policies...) on every reply, computed once.
 * @fastify/helmet builds helmet's middleware anew for every request, parsing the whole CSP each
 * time: a fifth of the cost of a cached leaderboard read. The options are helmet's; the headers
 * are what @fastify/helmet itself sends with them (asked once, at start, of a throwaway app).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  applySecurityHeaders(app, await helmetHeaders(options));
}

/** Sets headers computed by helmetHeaders on every reply that goes through the hooks. */
export function applySecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => 'ok');
    const reply = await probe.inject({ url: '/' });
    return Object.fromEntries(
      Object.entries(reply.headers)
        .filter(([name, value]) => !NOT_HELMET.has(name) && typeof value === 'string')
        .map(([name, value]) => [name, value as string]),
    );
  } finally {
    await probe.close();
  }
}
