import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileReply } from '@beerscale/contract/profile';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';

export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api<ProfileReply>('GET', '/api/profile'),
  });
}

export function useRename() {
  const queryClient = useQueryClient();
  const { renamed } = useSession();
  return useMutation({
    mutationFn: (playerName: string) =>
      api<ProfileReply>('PUT', '/api/profile', { body: { playerName } }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      // Game Setup's locked Player 1 and the header read the session's name.
      renamed(profile.playerName);
      void queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}
