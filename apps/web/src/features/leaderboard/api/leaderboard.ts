import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEADERBOARD_LIMIT } from '@beerscale/contract/limits';
import type { PublicUser } from '@beerscale/contract/users';
import { api } from '../../../lib/api-client';

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: ['leaderboard'],
    queryFn: () =>
      api<PublicUser[]>('GET', `/api/leaderboard?includeStatus=true&limit=${LEADERBOARD_LIMIT}`),
    refetchInterval: 30_000,
  });

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
