import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, RegisterReply } from '@beerscale/contract/auth';
import { api } from '../../../lib/api-client';

export function useRegister() {
  return useMutation({
    mutationKey: ['register'],
    mutationFn: (body: RegisterBody) =>
      api<RegisterReply>('POST', '/api/register', { body, anonymous: true }),
  });
}
