import { useMutation } from '@tanstack/react-query';
import { loginReplySchema, type LoginBody } from '@beerscale/contract/auth';
import { api } from '../../../lib/api-client';

export const loginMutationKey = ['auth', 'login'] as const;

/** POST /api/login, without a token (SPEC §7). */
export function useLogin() {
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: (body: LoginBody) =>
      api('POST', '/api/login', { body, anonymous: true, schema: loginReplySchema }),
  });
}
