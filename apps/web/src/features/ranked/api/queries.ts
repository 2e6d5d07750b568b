import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLAYER_SEARCH_LIMIT } from '@beerscale/contract/limits';
import { activeRankedGame, game, participants } from '@beerscale/contract/api/games';
import { pendingInvites } from '@beerscale/contract/api/invites';
import { listUsers } from '@beerscale/contract/api/users';
import { call } from '../../../lib/api-client';

/** The prefix of every lobby query: a lobby change refreshes them all at once. */
export const rankedQueryKey = ['ranked'] as const;

export const activeRankedGameQueryOptions = () =>
  queryOptions({
    queryKey: [...rankedQueryKey, 'active'],
    queryFn: () => call(activeRankedGame).then((r) => r.activeGame),
  });

/** The game's summary; its participants and invites share this key as their prefix. */
export const rankedGameQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...rankedQueryKey, 'game', gameId],
    queryFn: () => call(game, { params: { id: gameId } }),
  });

export const participantsQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...rankedGameQueryOptions(gameId).queryKey, 'participants'],
    queryFn: () => call(participants, { params: { id: gameId } }),
  });

export const pendingInvitesQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: [...rankedGameQueryOptions(gameId).queryKey, 'invites'],
    queryFn: () => call(pendingInvites, { params: { id: gameId } }),
  });

/** Search results carry each player's status, which a kick changes: they refresh with the lobby. */
export const playerSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...rankedQueryKey, 'search', text],
    queryFn: () =>
      call(listUsers, {
        query: { search: text, limit: PLAYER_SEARCH_LIMIT, t: String(Date.now()) },
      }),
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
