import { useMutation } from '@tanstack/react-query';
import type { login as loginEndpoint } from '@beerscale/contract/api/auth';
import type { LoginBody } from '@beerscale/contract/auth';
import { request } from '../../../lib/api-client';
import { loginReplyCheck } from './auth-replies';

export const loginMutationKey = ['auth', 'login'] as const;

// The table entry's method and path, checked against it by the compiler: the entry itself
// names zod schemas, which /login does without.
const LOGIN = { method: 'POST', path: '/api/login' } as const satisfies Pick<
  typeof loginEndpoint,
  'method' | 'path'
>;

/** POST /api/login, without a token: there is no session yet. */
export function useLogin() {
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: (body: LoginBody) =>
      request(LOGIN.method, LOGIN.path, { body, anonymous: true, schema: loginReplyCheck }),
  });
}
