import { expect, it } from 'vitest';
import { AUTH_LIMITS } from '@beerscale/contract/limits';
import { ERRORS } from '@beerscale/contract/messages';
import { httpClientFrom } from './support/http-from';
import { describeEachDialect } from './support/each-dialect';

// The sign-in and registration limits (packages/contract's limits) with their default numbers.
// Each test speaks from addresses of its own (127.0.x.y all reach the loopback server), so the
// counters of one test never touch another's.

const LOGIN_WAIT = ERRORS.tooManyLogins(AUTH_LIMITS.loginWindowMs);
const REGISTRATION_WAIT = ERRORS.tooManyRegistrations(AUTH_LIMITS.registrationWindowMs);

let accounts = 0;

describeEachDialect(
  'sign-in and registration limits',
  { config: { authLimits: { ...AUTH_LIMITS } } },
  ({ server }) => {
    const from = (address: string) => httpClientFrom(server.baseUrl, address);

    /** A registered account (registered from an address of its own, never signed in). */
    async function account(address: string) {
      accounts += 1;
      const username = `limited${accounts}`;
      const password = 'right-password';
      const reply = await from(address)('POST', '/api/register', {
        body: {
          macAddress: `CC${String(accounts).padStart(10, '0')}`,
          username,
          playerName: `L${accounts}`,
          password,
        },
      });
      expect(reply.status).toBe(201);
      return { username, password };
    }

    const login = (address: string, username: string, password: string) =>
      from(address)('POST', '/api/login', { body: { username, password } });

    function tally(statuses: number[]) {
      const count = (status: number) => statuses.filter((s) => s === status).length;
      return { ok: count(200), wrong: count(401), limited: count(429), total: statuses.length };
    }

    it('checks at most the per-account limit of 100 simultaneous sign-ins (99 wrong, 1 right)', async () => {
      const victim = await account('127.0.1.1');
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login('127.0.1.2', victim.username, i === 99 ? victim.password : `wrong-${i}`),
        ),
      );
      const t = tally(replies.map((r) => r.status));
      expect(t.wrong + t.ok + t.limited).toBe(100);
      // Wrong passwords checked: never more than the limit. A right one gives its slot back, so
      // at most one more attempt can be checked after it.
      expect(t.wrong).toBeLessThanOrEqual(AUTH_LIMITS.loginAttemptsPerAccount);
      expect(t.wrong + t.ok).toBeLessThanOrEqual(AUTH_LIMITS.loginAttemptsPerAccount + 1);
      expect(t.limited).toBeGreaterThanOrEqual(100 - AUTH_LIMITS.loginAttemptsPerAccount - 1);
      const refused = replies.find((r) => r.status === 429);
      expect(refused?.body).toEqual({ error: LOGIN_WAIT, code: 'TOO_MANY_LOGINS' });
      // The wait in seconds for clients that do not read the text (RFC 9110 Retry-After).
      const retryAfter = Number(refused?.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 15 * 60).toBe(true);
      expect(LOGIN_WAIT).toBe('Too many sign-in attempts. Try again in 15 minutes.');

      // The attacker's address stays refused, right password or not...
      const again = await login('127.0.1.2', victim.username, victim.password);
      expect(again.status).toBe(429);
      // ...but the attacked account is not locked: its owner signs in from elsewhere.
      const owner = await login('127.0.1.3', victim.username, victim.password);
      expect(owner.status).toBe(200);
    });

    it('checks at most the per-address limit across many accounts', async () => {
      const real = await account('127.0.2.1');
      // Two bursts: a sign-in slot is held while a password is checked, so one burst gets at
      // most the sign-in limit checked; the second takes the address to its attempt limit.
      const statuses: number[] = [];
      for (const burst of [0, 1]) {
        const replies = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            login('127.0.2.2', `nobody${burst}x${i}`, 'wrong-password'),
          ),
        );
        statuses.push(...replies.map((r) => r.status));
      }
      const t = tally(statuses);
      expect(t.wrong + t.limited).toBe(200);
      expect(t.wrong).toBeLessThanOrEqual(AUTH_LIMITS.loginAttemptsPerAddress);
      // Spent on unknown names, the address is spent for every account.
      const later = await login('127.0.2.2', real.username, real.password);
      expect(later.status).toBe(429);
      expect(later.body.error).toBe(LOGIN_WAIT);
      expect((await login('127.0.2.3', real.username, real.password)).status).toBe(200);
    });

    it('does not count a right password against the attempts, but limits sign-ins per address', async () => {
      const user = await account('127.0.3.1');
      // More than the attempt limit of 10, all right: nobody is penalised for signing in.
      for (let i = 0; i < AUTH_LIMITS.loginsPerAddress; i += 1) {
        expect((await login('127.0.3.2', user.username, user.password)).status).toBe(200);
      }
      // Each sign-in leaves a session: the address has used its share of the window.
      const refused = await login('127.0.3.2', user.username, user.password);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(LOGIN_WAIT);
      // Refused before the check, so a wrong password gets the same answer (nothing to learn).
      expect((await login('127.0.3.2', user.username, 'wrong-password')).status).toBe(429);
      expect((await login('127.0.3.3', user.username, user.password)).status).toBe(200);
    });

    it('keeps failed attempts counted after a right password', async () => {
      const user = await account('127.0.4.1');
      const limit = AUTH_LIMITS.loginAttemptsPerAccount;
      for (let i = 0; i < limit - 1; i += 1) {
        expect((await login('127.0.4.2', user.username, 'wrong-password')).status).toBe(401);
      }
      expect((await login('127.0.4.2', user.username, user.password)).status).toBe(200);
      // The success gave back its own slot only: one more guess, then the limit.
      expect((await login('127.0.4.2', user.username, 'wrong-password')).status).toBe(401);
      expect((await login('127.0.4.2', user.username, 'wrong-password')).status).toBe(429);
      expect((await login('127.0.4.2', user.username, user.password)).status).toBe(429);
    });

    it('lets at most the per-address limit of simultaneous registrations through', async () => {
      const before = await countUsers();
      const replies = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          from('127.0.5.1')('POST', '/api/register', {
            body: {
              macAddress: `DD${String(i).padStart(10, '0')}`,
              username: `burst${i}`,
              playerName: `B${i}`,
              password: 'secret-pass',
            },
          }),
        ),
      );
      const created = replies.filter((r) => r.status === 201).length;
      const limited = replies.filter((r) => r.status === 429);
      expect(created).toBe(AUTH_LIMITS.registrationsPerAddress);
      expect(limited).toHaveLength(60 - AUTH_LIMITS.registrationsPerAddress);
      expect(limited[0]?.body).toEqual({
        error: REGISTRATION_WAIT,
        code: 'TOO_MANY_REGISTRATIONS',
      });
      expect(REGISTRATION_WAIT).toBe(
        'Too many accounts were registered from this address. Try again in 60 minutes.',
      );
      expect(await countUsers()).toBe(before + AUTH_LIMITS.registrationsPerAddress);
      // Another address registers as usual.
      await account('127.0.5.2');
    });

    async function countUsers(): Promise<number> {
      const row = await server.instance.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
  },
);

describeEachDialect(
  'limits from the configuration',
  {
    config: {
      authLimits: {
        ...AUTH_LIMITS,
        loginAttemptsPerAccount: 2,
        loginWindowMs: 3 * 60_000,
        registrationsPerAddress: 1,
        registrationWindowMs: 5 * 60_000,
      },
    },
  },
  ({ server }) => {
    it('counts to the configured numbers and says the configured wait', async () => {
      const call = httpClientFrom(server.baseUrl, '127.0.6.1');
      const body = { macAddress: 'EE0000000001', username: 'conf.user', playerName: 'Conf' };
      expect(
        (await call('POST', '/api/register', { body: { ...body, password: 'pw-123456' } })).status,
      ).toBe(201);
      const second = await call('POST', '/api/register', {
        body: { ...body, username: 'conf.two', password: 'pw-123456' },
      });
      expect(second.status).toBe(429);
      expect(second.body.error).toBe(
        'Too many accounts were registered from this address. Try again in 5 minutes.',
      );
      const wrong = { username: 'conf.user', password: 'wrong-pass' };
      expect((await call('POST', '/api/login', { body: wrong })).status).toBe(401);
      expect((await call('POST', '/api/login', { body: wrong })).status).toBe(401);
      const refused = await call('POST', '/api/login', { body: wrong });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('Too many sign-in attempts. Try again in 3 minutes.');
    });
  },
);
