import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null },
  },
  strictTransportSecurity: false,
} as const;

/** The headers of a reply, less the ones every reply has. */
async function replyHeaders(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/api/thing', async () => ({ ok: true }));
  const found = await app.inject({ url: '/api/thing' });
  const missing = await app.inject({ url: '/nowhere' });
  await app.close();
  const strip = (headers: Record<string, unknown>) => {
    const { date: _d, 'content-length': _l, 'content-type': _t, connection: _c, ...rest } = headers;
    return rest;
  };
  return { found: strip(found.headers), missing: strip(missing.headers) };
}

describe('registerSecurityHeaders', () => {
  it("sends exactly @fastify/helmet's headers, on found and not-found replies alike", async () => {
    const ours = await replyHeaders(async (app) => registerSecurityHeaders(app, OPTIONS));
    const theirs = await replyHeaders((app) => app.register(fastifyHelmet, OPTIONS));
    expect(ours).toEqual(theirs);
    expect(ours.found['content-security-policy']).toContain("object-src 'none'");
    expect(ours.found['x-content-type-options']).toBe('nosniff');
    expect(ours.found['strict-transport-security']).toBeUndefined();
  });

  it('computes the headers once, from the options', async () => {
    const headers = helmetHeaders(OPTIONS);
    expect(Object.keys(headers)).toContain('x-frame-options');
    expect(headers).not.toHaveProperty('content-type');
  });
});
