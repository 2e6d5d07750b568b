import type { LoginReply, RegisterReply, SessionUser } from '@beerscale/contract/auth';
import { USER_STATUSES } from '@beerscale/contract/user-statuses';
import type { ReplySchema } from '../../../lib/api-client';

// The sign-in and registration replies are checked in the browser, as `validate: true` does
// elsewhere, but by hand: loginReplySchema and registerReplySchema would bring zod onto /login
// and /register. Like zod's objects, a check keeps only the fields the contract names.
// auth-replies.test.ts keeps them in step with the schemas, and the server checks every reply
// against its schema under NODE_ENV=test.

type Fields = Record<string, unknown>;

const isObject = (data: unknown): data is Fields =>
  typeof data === 'object' && data !== null && !Array.isArray(data);
// z.number() refuses NaN and the infinities (which JSON cannot carry anyway).
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isStatus = (value: unknown): value is SessionUser['status'] =>
  (USER_STATUSES as readonly unknown[]).includes(value);

function sessionUser(data: unknown): SessionUser | null {
  if (!isObject(data)) return null;
  const { id, username, playerName, status, isAdmin } = data;
  if (!isNumber(id) || typeof username !== 'string' || typeof playerName !== 'string') return null;
  if (!isStatus(status) || typeof isAdmin !== 'boolean') return null;
  return { id, username, playerName, status, isAdmin };
}

function loginReply(data: unknown): LoginReply | null {
  if (!isObject(data) || typeof data.token !== 'string') return null;
  const user = sessionUser(data.user);
  return user && { token: data.token, user };
}

function registerReply(data: unknown): RegisterReply | null {
  if (!isObject(data)) return null;
  const { message, userId } = data;
  return typeof message === 'string' && isNumber(userId) ? { message, userId } : null;
}

function replyCheck<T>(check: (data: unknown) => T | null): ReplySchema<T> {
  return {
    safeParse(data) {
      const reply = check(data);
      return reply === null ? { success: false } : { success: true, data: reply };
    },
  };
}

/** POST /api/login's 200: loginReplySchema's decision, without zod. */
export const loginReplyCheck = replyCheck(loginReply);
/** POST /api/register's 201: registerReplySchema's decision, without zod. */
export const registerReplyCheck = replyCheck(registerReply);
