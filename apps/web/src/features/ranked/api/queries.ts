import { useQuery } from '@tanstack/react-query';
import type {
  ActiveGameReply,
  GameSummary,
  Participant,
  PendingInvite,
} from '@beerscale/contract/games';
import { PLAYER_SEARCH_LIMIT } from '@beerscale/contract/limits';
import type { PublicUser } from '@beerscale/contract/users';
import { api } from '../../../lib/api-client';
import { rankedKeys } from './keys';

export function useActiveRankedGame() {
  return useQuery({
    queryKey: rankedKeys.active,
    queryFn: () => api<ActiveGameReply>('GET', '/api/users/active-game').then((r) => r.activeGame),
  });
}

export function useRankedGame(gameId: number) {
  return useQuery({
    queryKey: rankedKeys.game(gameId),
    queryFn: () => api<GameSummary>('GET', `/api/games/${gameId}`),
  });
}

export function useParticipants(gameId: number) {
  return useQuery({
    queryKey: rankedKeys.participants(gameId),
    queryFn: () => api<Participant[]>('GET', `/api/games/${gameId}/participants`),
  });
}

export function usePendingInvites(gameId: number, enabled: boolean) {
  return useQuery({
    queryKey: rankedKeys.invites(gameId),
    queryFn: () => api<PendingInvite[]>('GET', `/api/games/${gameId}/invites`),
    enabled,
  });
}

export function usePlayerSearch(text: string) {
  return useQuery({
    queryKey: rankedKeys.search(text),
    queryFn: () =>
      api<PublicUser[]>(
        'GET',
        `/api/users?search=${encodeURIComponent(text)}&limit=${PLAYER_SEARCH_LIMIT}&t=${Date.now()}`,
      ),
    enabled: text.trim().length > 0,
  });
}
