import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginReply } from '@beerscale/contract/auth';
import { api } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationKey: ['login'],
    mutationFn: (body: LoginBody) =>
      api<LoginReply>('POST', '/api/login', { body, anonymous: true }),
  });
}
