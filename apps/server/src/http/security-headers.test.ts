import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { securedResponse } from './secured-response';
import { helmetHeaders } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null },
  },
  strictTransportSecurity: false,
} as const;

/** A found route, one replying through node's setHeader (as @fastify/static does), one of its own CSP. */
function routes(app: FastifyInstance) {
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/raw', (_request, reply) => {
    reply.hijack();
    reply.raw.setHeader('content-type', 'text/plain');
    reply.raw.end('raw');
  });
  app.get('/own', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send({ ok: true }),
  );
}

/** The headers of each reply over real HTTP, less the ones every reply has, as [name, value] pairs. */
async function replyHeaders(app: FastifyInstance) {
  routes(app);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const pairs = async (path: string) => {
    const reply = await fetch(`${base}${path}`);
    await reply.arrayBuffer();
    const skip = new Set(['date', 'content-length', 'content-type', 'connection', 'keep-alive']);
    return [...reply.headers].filter(([name]) => !skip.has(name)).sort();
  };
  try {
    return {
      found: await pairs('/api/thing'),
      missing: await pairs('/nowhere'),
      raw: await pairs('/raw'),
      own: await pairs('/own'),
    };
  } finally {
    await app.close();
  }
}

describe('securedResponse with helmetHeaders', () => {
  it("sends exactly @fastify/helmet's headers, on every kind of reply", async () => {
    const ours = await replyHeaders(
      Fastify({ http: { ServerResponse: securedResponse(helmetHeaders(OPTIONS)) } }),
    );
    const theirs = await replyHeaders(
      await (async () => {
        const app = Fastify();
        await app.register(fastifyHelmet, OPTIONS);
        return app;
      })(),
    );
    expect(ours).toEqual(theirs);
    const found = new Map(ours.found);
    expect(found.get('content-security-policy')).toContain("object-src 'none'");
    expect(found.get('x-content-type-options')).toBe('nosniff');
    expect(found.has('strict-transport-security')).toBe(false);
    // A reply that sets one itself keeps its own value, once (fetch joins repeated headers).
    expect(new Map(ours.own).get('content-security-policy')).toBe("default-src 'none'");
  });

  it('refuses a header it could not send, at start', () => {
    expect(() => securedResponse({ 'x-bad': 'line\r\nbreak' })).toThrow();
  });

  it('computes the headers once, from the options', () => {
    const headers = helmetHeaders(OPTIONS);
    expect(Object.keys(headers)).toContain('x-frame-options');
    expect(headers).not.toHaveProperty('content-type');
  });
});
