import { beforeAll, expect, it } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

describeEachDialect('bad input', {}, ({ server, call }) => {
  let me: Account;

  beforeAll(async () => {
    me = await createAccount(server);
  });

  const count = async () =>
    Number(
      (
        await server.instance.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['malformed JSON', { rawBody: '{"username": ' }, 400, ERRORS.invalidJson],
    ['an array body', { rawBody: '[]' }, 400, undefined],
    ['a string body', { rawBody: '"hello"' }, 400, undefined],
    [
      'wrong types',
      { body: { macAddress: 123, username: [], playerName: {}, password: true } },
      400,
      undefined,
    ],
    [
      'an oversized body',
      { rawBody: JSON.stringify({ username: 'x'.repeat(70_000) }) },
      413,
      ERRORS.bodyTooLarge,
    ],
    [
      'a form body',
      { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      undefined,
    ],
  ])(
    'refuses %s on register with a 4xx { error } and writes nothing',
    async (_label, options, status, message) => {
      const before = await count();
      const reply = await call('POST', '/api/register', options);
      expect(reply.status).toBe(status);
      expect(typeof reply.body.error).toBe('string');
      if (message) expect(reply.body.error).toBe(message);
      expect(JSON.stringify(reply.body)).not.toMatch(/stack|at \w+ \(/);
      expect(await count()).toBe(before);
    },
  );

  it('answers an unknown API path with a 404 { error }', async () => {
    const reply = await call('GET', '/api/nothing-here', { token: me.token });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toMatch(/Not found/);
  });

  it('answers health once the database is up', async () => {
    const reply = await call('GET', '/api/health');
    expect(reply).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('sends security headers', async () => {
    const reply = await call('GET', '/api/health');
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
