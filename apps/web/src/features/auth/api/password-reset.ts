import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { passwordResetInfo, resetPassword } from '@beerscale/contract/api/account';
import { call } from '../../../lib/api-client';

/** Whose password the link sets and until when; a dead link is a 404 with its reason. */
export const passwordResetQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token],
    queryFn: () =>
      call(passwordResetInfo, {
        params: { token },
        anonymous: true,
        sessionCheck: false,
        validate: true,
      }),
    retry: false,
  });

export const usePasswordResetInfo = (token: string) => useQuery(passwordResetQueryOptions(token));

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (newPassword: string) =>
      call(resetPassword, {
        params: { token },
        body: { newPassword },
        anonymous: true,
        sessionCheck: false,
      }),
  });
}
