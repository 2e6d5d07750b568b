import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { VALIDATION, ERRORS } from '@beerscale/contract/messages';
import { signUp } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';

/** Known to the test so it can sign tokens the server's way (config JWT_SECRET). */
const JWT_SECRET = 'auth-test-secret-0123456789-abcdefghijklmnop';

describeEachDialect(
  'accounts and sessions',
  { config: { jwtSecret: JWT_SECRET } },
  ({ server, call }) => {
    const register = (body: Record<string, unknown>) => call('POST', '/api/register', { body });
    const valid = {
      macAddress: 'A1B2C3D4E5F6',
      username: 'reg.user',
      playerName: 'Reggie',
      password: 'secret1',
    };

    describe('POST /api/register', () => {
      it('creates the account and links the scale as unassigned and unapproved', async () => {
        const reply = await register(valid);
        expect(reply.status).toBe(201);
        expect(reply.body.message).toMatch(/success/i);
        const scale = await server.instance.database.db
          .selectFrom('scales')
          .selectAll()
          .where('mac', '=', 'A1B2C3D4E5F6')
          .executeTakeFirstOrThrow();
        expect(scale).toMatchObject({
          owner_id: null,
          approved: 0,
          requested_by: reply.body.userId,
        });
        const user = await server.instance.database.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', reply.body.userId)
          .executeTakeFirstOrThrow();
        expect(user.password_hash).toMatch(/^\$argon2id\$/);
      });

      it('lets a second account register the same scale address, which keeps its first requester', async () => {
        const first = await call('POST', '/api/register', {
          body: { ...valid, username: 'friend.one', macAddress: 'aabbccddee01' },
        });
        const second = await register({
          ...valid,
          username: 'friend.two',
          macAddress: 'AABBCCDDEE01',
        });
        expect(second.status).toBe(201);
        const scales = await server.instance.database.db
          .selectFrom('scales')
          .selectAll()
          .where('mac', '=', 'AABBCCDDEE01')
          .execute();
        expect(scales).toHaveLength(1);
        expect(scales[0]?.requested_by).toBe(first.body.userId);
      });

      it.each([
        [{ username: 'ab' }, VALIDATION.usernameLength],
        [{ username: 'a'.repeat(31) }, VALIDATION.usernameLength],
        [{ username: 'bad name!' }, VALIDATION.usernameCharacters],
        [{ username: 'not@an-email' }, VALIDATION.invalidEmail],
        [{ playerName: 'ElevenChars' }, VALIDATION.playerNameLength],
        [{ password: '12345' }, VALIDATION.passwordLength],
        [{ macAddress: 'AA:BB:CC:DD:EE:FF' }, VALIDATION.invalidMac],
        [{ macAddress: 'GGBBCCDDEEFF' }, VALIDATION.invalidMac],
        [{ macAddress: '' }, VALIDATION.macRequired],
        [{ macAddress: undefined }, VALIDATION.macRequired],
      ])('refuses %o with its message and stores nothing', async (change, message) => {
        const before = await countUsers();
        const reply = await register({ ...valid, username: 'fresh.name', ...change });
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe(message);
        expect(await countUsers()).toBe(before);
      });

      it('accepts an e-mail address as username', async () => {
        const reply = await register({ ...valid, username: 'someone@example.com' });
        expect(reply.status).toBe(201);
      });

      it('lists every failed rule in errors, the first in error', async () => {
        const reply = await register({
          macAddress: 'xyz',
          username: 'a',
          playerName: '',
          password: '1',
        });
        expect(reply.status).toBe(400);
        expect(reply.body.errors).toEqual([
          VALIDATION.invalidMac,
          VALIDATION.usernameLength,
          VALIDATION.playerNameRequired,
          VALIDATION.passwordLength,
        ]);
        expect(reply.body.error).toBe(reply.body.errors[0]);
      });

      it('refuses a taken username whatever its case', async () => {
        await register({ ...valid, username: 'Taken.Name' });
        const reply = await register({ ...valid, username: 'taken.name' });
        expect(reply.status).toBe(409);
        expect(reply.body.error).toBe(ERRORS.usernameTaken);
      });

      it('refuses unknown fields', async () => {
        const reply = await register({ ...valid, username: 'extra.field', isAdmin: true });
        expect(reply.status).toBe(400);
        expect(reply.body.error).toMatch(/isAdmin/);
      });
    });

    describe('POST /api/login', () => {
      it('returns a token and the user without secrets, case-insensitively', async () => {
        const account = await signUp(call, { username: 'Login.Case' });
        const reply = await call('POST', '/api/login', {
          body: { username: 'login.case', password: account.password },
        });
        expect(reply.status).toBe(200);
        expect(reply.body.user).toEqual({
          id: account.id,
          username: 'Login.Case',
          playerName: account.playerName,
          status: 'logged_in',
          isAdmin: false,
        });
        expect(reply.body.token.split('.')).toHaveLength(3);
        expect(JSON.stringify(reply.body)).not.toMatch(/argon2|password/);
      });

      it('refuses a wrong password and an unknown user alike', async () => {
        const account = await signUp(call);
        const wrong = await call('POST', '/api/login', {
          body: { username: account.username, password: 'nope-nope' },
        });
        const unknown = await call('POST', '/api/login', {
          body: { username: 'nobody.here', password: 'nope-nope' },
        });
        expect(wrong.status).toBe(401);
        expect(unknown.status).toBe(401);
        expect(wrong.body).toEqual(unknown.body);
      });

      it('requires username and password', async () => {
        const reply = await call('POST', '/api/login', { body: { username: '', password: '' } });
        expect(reply.status).toBe(400);
        expect(reply.body.errors).toEqual([
          VALIDATION.usernameRequired,
          VALIDATION.passwordRequired,
        ]);
      });
    });

    describe('GET /api/verify-token and POST /api/logout', () => {
      it('accepts a live token and returns the user with status', async () => {
        const account = await signUp(call);
        const reply = await call('GET', '/api/verify-token', { token: account.token });
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({
          valid: true,
          user: { id: account.id, status: 'logged_in' },
        });
      });

      /** A token for the account's own live session, signed with `secret`, expiring at `exp`. */
      const signFor = async (
        account: { id: number; token: string },
        secret: string,
        exp: number,
      ) => {
        const claims = JSON.parse(
          Buffer.from(account.token.split('.')[1]!, 'base64url').toString(),
        );
        return new SignJWT({})
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(account.id))
          .setJti(claims.jti)
          .setIssuedAt(exp - 3600)
          .setExpirationTime(exp)
          .sign(new TextEncoder().encode(secret));
      };
      const expectRefused = async (token: string | undefined) => {
        const reply = await call('GET', '/api/verify-token', { token });
        expect(reply.status).toBe(401);
        expect(reply.body.valid).toBe(false);
        expect(reply.body.error).toBeTruthy();
      };

      it('refuses a missing, malformed, badly signed and alg:none token with 401', async () => {
        const account = await signUp(call);
        const [header, payload] = account.token.split('.');
        const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
          'base64url',
        );
        const now = Math.floor(Date.now() / 1000);
        const otherSecret = await signFor(account, 'x'.repeat(40), now + 3600);
        for (const token of [
          undefined,
          'garbage',
          `${header}.${payload}.AAAA`,
          `${noneHeader}.${payload}.`,
          otherSecret,
        ]) {
          await expectRefused(token);
        }
      });

      it('refuses a token signed with the server’s own secret once it has expired', async () => {
        const account = await signUp(call);
        const now = Math.floor(Date.now() / 1000);
        // The same claims with a future expiry pass: the secret is the server's, the session live.
        const live = await signFor(account, JWT_SECRET, now + 3600);
        expect((await call('GET', '/api/verify-token', { token: live })).status).toBe(200);
        // Only the expiry differs.
        await expectRefused(await signFor(account, JWT_SECRET, now - 10));
      });

      it('revokes the token on logout, for every protected call', async () => {
        const account = await signUp(call);
        const logout = await call('POST', '/api/logout', { token: account.token });
        expect(logout.status).toBe(200);
        expect((await call('GET', '/api/verify-token', { token: account.token })).status).toBe(401);
        expect((await call('GET', '/api/users?search=a', { token: account.token })).status).toBe(
          401,
        );
        expect((await call('POST', '/api/logout', { token: account.token })).status).toBe(401);
      });

      it('keeps other sessions of the same user alive', async () => {
        const account = await signUp(call);
        const second = await call('POST', '/api/login', {
          body: { username: account.username, password: account.password },
        });
        await call('POST', '/api/logout', { token: account.token });
        expect((await call('GET', '/api/verify-token', { token: second.body.token })).status).toBe(
          200,
        );
      });
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
