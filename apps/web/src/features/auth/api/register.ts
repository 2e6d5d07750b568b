import { useMutation } from '@tanstack/react-query';
import type { register as registerEndpoint } from '@beerscale/contract/api/auth';
import type { RegisterBody } from '@beerscale/contract/auth';
import { request } from '../../../lib/api-client';
import { registerReplyCheck } from './auth-replies';

export const registerMutationKey = ['auth', 'register'] as const;

// The table entry's method and path, checked against it by the compiler: the entry itself
// names zod schemas, which /register does without.
const REGISTER = { method: 'POST', path: '/api/register' } as const satisfies Pick<
  typeof registerEndpoint,
  'method' | 'path'
>;

/** POST /api/register, without a token: there is no session yet. */
export function useRegister() {
  return useMutation({
    mutationKey: registerMutationKey,
    mutationFn: (body: RegisterBody) =>
      request(REGISTER.method, REGISTER.path, {
        body,
        anonymous: true,
        schema: registerReplyCheck,
      }),
  });
}
