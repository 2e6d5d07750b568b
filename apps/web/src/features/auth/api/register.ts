import { useMutation } from '@tanstack/react-query';
import { registerReplySchema, type RegisterBody } from '@beerscale/contract/auth';
import { api } from '../../../lib/api-client';

export const registerMutationKey = ['auth', 'register'] as const;

/** POST /api/register, without a token (SPEC §7). */
export function useRegister() {
  return useMutation({
    mutationKey: registerMutationKey,
    mutationFn: (body: RegisterBody) =>
      api('POST', '/api/register', { body, anonymous: true, schema: registerReplySchema }),
  });
}
