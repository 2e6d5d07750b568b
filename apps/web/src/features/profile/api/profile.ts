import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileReply } from '@beerscale/contract/profile';
import { api } from '../../../lib/api-client';
import { STORAGE_KEYS, write } from '../../../lib/storage';

export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api<ProfileReply>('GET', '/api/profile'),
  });
}

export function useRename() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerName: string) =>
      api<ProfileReply>('PUT', '/api/profile', { body: { playerName } }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      write(STORAGE_KEYS.playerName, profile.playerName);
      void queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}
