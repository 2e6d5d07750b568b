import type { LoginBody } from '@beerscale/contract/auth';
import { checkLoginPassword, checkLoginUsername } from './credential-rules';

export type LoginCheck = { ok: true; body: LoginBody } | { ok: false; message: string };

/** Sign-in: loginBodySchema's decision and first (English) message, without zod. */
export function validateLogin(form: LoginBody): LoginCheck {
  const username = checkLoginUsername(form.username);
  if (!username.ok) return username;
  const password = checkLoginPassword(form.password);
  if (!password.ok) return password;
  return { ok: true, body: { username: username.value, password: password.value } };
}
