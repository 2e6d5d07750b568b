import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupDetail } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** The chosen group: its members (the chips) and its last set-up (the form's start). */
export const setupGroupQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['groups', id], queryFn: () => call(groupDetail, { params: { id } }) });

export function useSetupGroup(id: number | null) {
  return useQuery({ ...setupGroupQueryOptions(id ?? 0), enabled: id !== null });
}
