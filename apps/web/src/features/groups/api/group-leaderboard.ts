import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupLeaderboard } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** A season's table (a season's number) or the all-time table ('all'). */
export type SeasonChoice = number | 'all';

export const groupLeaderboardQueryOptions = (id: number, season: SeasonChoice) =>
  queryOptions({
    queryKey: ['groups', id, 'leaderboard', season],
    queryFn: () => call(groupLeaderboard, { params: { id }, query: { season } }),
  });

export function useGroupLeaderboard(id: number, season: SeasonChoice) {
  return useQuery(groupLeaderboardQueryOptions(id, season));
}
