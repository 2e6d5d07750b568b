import { describe, expect, it } from 'vitest';
import { login, register } from '@beerscale/contract/api/auth';
import { loginReplySchema, registerReplySchema } from '@beerscale/contract/auth';
import { loginReplyCheck, registerReplyCheck } from './auth-replies';

// The hand-written reply checks stand in for the contract's schemas on /login and /register;
// they must take the same decision and keep the same fields.

const user = { id: 7, username: 'hopfen', playerName: 'Hops', status: 'logged_in', isAdmin: false };

/** A valid value, then every way of breaking one field of it (missing, wrong type, null). */
function variants(valid: Record<string, unknown>, nested: Record<string, unknown[]> = {}) {
  const broken: unknown[] = [null, undefined, 'text', 7, [], [valid], {}];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid;
    broken.push(without);
    for (const value of [
      null,
      undefined,
      '7',
      7,
      7.5,
      Number.NaN,
      true,
      {},
      [],
      ...(nested[key] ?? []),
    ])
      broken.push({ ...valid, [key]: value });
  }
  return [valid, { ...valid, extra: 'dropped' }, ...broken];
}

const verdict = (check: { safeParse(data: unknown): unknown }, data: unknown) =>
  JSON.stringify(check.safeParse(data));
const schemaVerdict = (
  schema: typeof loginReplySchema | typeof registerReplySchema,
  data: unknown,
) => {
  const parsed = schema.safeParse(data);
  return JSON.stringify(parsed.success ? { success: true, data: parsed.data } : { success: false });
};

describe('the sign-in and registration reply checks agree with the contract', () => {
  it('login: loginReplySchema, user and status included', () => {
    const users = variants(user, {
      status: ['offline', 'searching', 'admin', 'LOGGED_IN'],
      id: [0, -1, 1e12],
      isAdmin: [true, 'true', 0],
    });
    const replies = [
      ...variants({ token: 'a.b.c', user }, { user: users }),
      ...users.map((u) => ({ token: 'a.b.c', user: u })),
    ];
    expect(replies.length).toBeGreaterThan(150);
    for (const reply of replies) {
      expect(verdict(loginReplyCheck, reply), JSON.stringify(reply)).toBe(
        schemaVerdict(loginReplySchema, reply),
      );
    }
    expect(loginReplyCheck.safeParse({ token: 't', user, more: 1 })).toEqual({
      success: true,
      data: { token: 't', user },
    });
  });

  it('registration: registerReplySchema', () => {
    const replies = variants({ message: 'Registered', userId: 12 }, { userId: [0, -3, 2.5] });
    for (const reply of replies) {
      expect(verdict(registerReplyCheck, reply), JSON.stringify(reply)).toBe(
        schemaVerdict(registerReplySchema, reply),
      );
    }
  });

  it('stand for the success replies the table declares', () => {
    expect(login.replies[200]).toBe(loginReplySchema);
    expect(register.replies[201]).toBe(registerReplySchema);
  });
});
