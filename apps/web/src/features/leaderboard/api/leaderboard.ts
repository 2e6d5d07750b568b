import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEADERBOARD_LIMIT } from '@beerscale/contract/limits';
import { leaderboard } from '@beerscale/contract/api/leaderboard';
import { call } from '../../../lib/api-client';

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: ['leaderboard'],
    queryFn: () =>
      call(leaderboard, { query: { includeStatus: 'true', limit: LEADERBOARD_LIMIT } }),
    refetchInterval: 30_000,
  });

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
