import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '@beerscale/contract/api/endpoint';
import { idParamSchema } from '@beerscale/contract/users';
import type { AuthContext } from '../auth/auth.service';
import { registerErrorHandler } from './error-handler';
import { unauthorized } from './http-error';
import { EndpointRoutes } from './register-endpoint';

const counted = {
  method: 'POST',
  path: '/api/things/{id}/parts/{partId}',
  access: 'authenticated',
  summary: 'A test endpoint',
  params: z.object({ id: idParamSchema, partId: idParamSchema }),
  body: z.strictObject({ count: z.number() }),
  replies: { 201: z.object({ id: z.number(), count: z.number() }) },
  refusals: [404],
} as const satisfies Endpoint;

const adminOnly = {
  method: 'GET',
  path: '/api/secret',
  access: 'admin',
  summary: 'A test endpoint for administrators',
  replies: { 200: z.object({ ok: z.literal(true) }) },
} as const satisfies Endpoint;

const bytes = {
  method: 'GET',
  path: '/api/bytes',
  access: 'public',
  summary: 'A test endpoint sending prepared bytes',
  replies: { 200: z.array(z.number()) },
} as const satisfies Endpoint;

/** A session is `Bearer admin` or `Bearer player`; anything else is none. */
async function fakeAuth(request: FastifyRequest) {
  const who = request.headers.authorization?.replace('Bearer ', '');
  if (who !== 'admin' && who !== 'player') throw unauthorized('Unauthorized');
  request.auth = { user: { id: 1, isAdmin: who === 'admin' } } as AuthContext;
}

/** An app whose handlers answer what `answers` says, with reply checks on or off. */
async function appWith(checking: boolean, answers: { count?: unknown; status?: number } = {}) {
  const app = Fastify();
  app.decorateRequest('auth', null);
  registerErrorHandler(app, { spaFallback: false });
  const routes = new EndpointRoutes(
    app,
    { authenticated: fakeAuth, rememberedCaller: () => null },
    null,
    checking,
  );
  routes.add(counted, async ({ params, body, reply }) => {
    if (answers.status) return reply.code(answers.status).send({ error: 'Nope' });
    return { id: params.id, count: (answers.count ?? body.count) as number, extra: 'hidden' };
  });
  routes.add(adminOnly, async () => ({ ok: true }) as const);
  routes.add(bytes, async ({ reply }) =>
    reply.type('application/json').send(Buffer.from(String(answers.count ?? '[1,2]'))),
  );
  return app;
}

const post = (path: string, body: unknown, who = 'player') => ({
  method: 'POST' as const,
  url: path,
  payload: body as Record<string, unknown>,
  headers: { authorization: `Bearer ${who}` },
});

describe('EndpointRoutes', () => {
  it('parses the input, answers the success status and serialises only what the schema names', async () => {
    const app = await appWith(true);
    const res = await app.inject(post('/api/things/7/parts/8', { count: 3 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 7, count: 3 });
  });

  it('refuses a missing session with 401 before it reads the input', async () => {
    const app = await appWith(true);
    const res = await app.inject(post('/api/things/x/parts/8', {}, 'nobody'));
    expect(res.statusCode).toBe(401);
  });

  it('parses the path parameters one by one: the first bad one is the refusal', async () => {
    const app = await appWith(true);
    const res = await app.inject(post('/api/things/x/parts/y', { count: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Id must be a positive whole number',
      code: expect.any(String),
    });
  });

  it('refuses a body its schema refuses with the schema message', async () => {
    const app = await appWith(true);
    const res = await app.inject(post('/api/things/1/parts/2', { count: 'three' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/expected number/i);
  });

  it('lets an administrator through and refuses a player with 403', async () => {
    const app = await appWith(true);
    const asAdmin = await app.inject({
      url: '/api/secret',
      headers: { authorization: 'Bearer admin' },
    });
    const asPlayer = await app.inject({
      url: '/api/secret',
      headers: { authorization: 'Bearer player' },
    });
    expect([asAdmin.statusCode, asPlayer.statusCode]).toEqual([200, 403]);
  });

  describe('with reply checks (tests)', () => {
    it('fails a reply whose shape its schema refuses', async () => {
      const app = await appWith(true, { count: 'many' });
      const res = await app.inject(post('/api/things/1/parts/2', { count: 1 }));
      expect(res.statusCode).toBe(500);
    });

    it('fails a status the endpoint does not declare', async () => {
      const app = await appWith(true, { status: 409 });
      const res = await app.inject(post('/api/things/1/parts/2', { count: 1 }));
      expect(res.statusCode).toBe(500);
    });

    it('passes a declared refusal', async () => {
      const app = await appWith(true, { status: 404 });
      const res = await app.inject(post('/api/things/1/parts/2', { count: 1 }));
      expect(res.statusCode).toBe(404);
    });

    it('checks bytes a handler prepared itself', async () => {
      const good = await (await appWith(true)).inject({ url: '/api/bytes' });
      const bad = await (
        await appWith(true, { count: '{"not":"a list"}' })
      ).inject({
        url: '/api/bytes',
      });
      expect([good.statusCode, bad.statusCode]).toEqual([200, 500]);
    });
  });

  it('adds no check without them (production)', async () => {
    const app = await appWith(false, { status: 409 });
    const res = await app.inject(post('/api/things/1/parts/2', { count: 1 }));
    expect(res.statusCode).toBe(409);
    const bytesApp = await appWith(false, { count: '{"not":"a list"}' });
    expect((await bytesApp.inject({ url: '/api/bytes' })).statusCode).toBe(200);
  });
});
