import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ActiveGameReply,
  GameSummary,
  Participant,
  PendingInvite,
} from '@beerscale/contract/games';
import { PLAYER_SEARCH_LIMIT } from '@beerscale/contract/limits';
import type { PublicUser } from '@beerscale/contract/users';
import { api } from '../../../lib/api-client';

/** The prefix of every lobby query: a lobby change refreshes them all at once. */
export const rankedQueryKey = ['ranked'] as const;

export const activeRankedGameQueryOptions = () =>
  queryOptions({
    queryKey: [...rankedQueryKey, 'active'],
    queryFn: () => api<ActiveGameReply>('GET', '/api/users/active-game').then((r) => r.activeGame),
  });

/** The game's summary; its participants and invites share this key as their prefix. */
export const rankedGameQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...rankedQueryKey, 'game', gameId],
    queryFn: () => api<GameSummary>('GET', `/api/games/${gameId}`),
  });

export const participantsQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...rankedGameQueryOptions(gameId).queryKey, 'participants'],
    queryFn: () => api<Participant[]>('GET', `/api/games/${gameId}/participants`),
  });

export const pendingInvitesQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...rankedGameQueryOptions(gameId).queryKey, 'invites'],
    queryFn: () => api<PendingInvite[]>('GET', `/api/games/${gameId}/invites`),
  });

/** Search results carry each player's status, which a kick changes: they refresh with the lobby. */
export const playerSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...rankedQueryKey, 'search', text],
    queryFn: () =>
      api<PublicUser[]>(
        'GET',
        `/api/users?search=${encodeURIComponent(text)}&limit=${PLAYER_SEARCH_LIMIT}&t=${Date.now()}`,
      ),
    enabled: text.trim().length > 0,
  });

export function useActiveRankedGame() {
  return useQuery(activeRankedGameQueryOptions());
}

export function useRankedGame(gameId: number) {
  return useQuery(rankedGameQueryOptions(gameId));
}

export function useParticipants(gameId: number) {
  return useQuery(participantsQueryOptions(gameId));
}

export function usePendingInvites(gameId: number, enabled: boolean) {
  return useQuery({ ...pendingInvitesQueryOptions(gameId), enabled });
}

export function usePlayerSearch(text: string) {
  return useQuery(playerSearchQueryOptions(text));
}
