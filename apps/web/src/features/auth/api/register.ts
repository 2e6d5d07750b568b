import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@beerscale/contract/auth';
import { register } from '@beerscale/contract/api/auth';
import { call } from '../../../lib/api-client';

export const registerMutationKey = ['auth', 'register'] as const;

/** POST /api/register, without a token (SPEC §7). */
export function useRegister() {
  return useMutation({
    mutationKey: registerMutationKey,
    mutationFn: (body: RegisterBody) => call(register, { body, anonymous: true, validate: true }),
  });
}
