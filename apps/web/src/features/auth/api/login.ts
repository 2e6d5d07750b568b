import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@beerscale/contract/auth';
import { login } from '@beerscale/contract/api/auth';
import { call } from '../../../lib/api-client';

export const loginMutationKey = ['auth', 'login'] as const;

/** POST /api/login, without a token (SPEC §7). */
export function useLogin() {
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: (body: LoginBody) => call(login, { body, anonymous: true, validate: true }),
  });
}
