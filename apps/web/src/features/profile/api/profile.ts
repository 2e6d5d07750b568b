import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrinkInput } from '@beerscale/contract/drinks';
import { profile, updateProfile } from '@beerscale/contract/api/users';
import { call } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: () => call(profile),
  });

/** A new name also shows on screens of other features: the route says what else to refresh. */
export function useRename(onRenamed?: () => void) {
  const queryClient = useQueryClient();
  const { renamed } = useSession();
  return useMutation({
    mutationFn: (playerName: string) => call(updateProfile, { body: { playerName } }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      // Game Setup's locked Player 1 and the header read the session's name.
      renamed(profile.playerName);
      onRenamed?.();
    },
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** Responsible play: the default drink and the evening limit (null: none). */
export function useSaveDrinking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { defaultDrink: DrinkInput; eveningLimit: number | null }) =>
      call(updateProfile, { body }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
