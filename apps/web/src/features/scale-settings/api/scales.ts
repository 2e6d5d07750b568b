import { useQuery } from '@tanstack/react-query';
import type { ScaleSummary } from '@beerscale/contract/scales';
import { api } from '../../../lib/api-client';

export const scalesKey = ['scale-settings', 'scales'] as const;

export function useScales() {
  return useQuery({
    queryKey: scalesKey,
    queryFn: () =>
      api<{ scales: ScaleSummary[] }>('GET', '/api/scale-settings/scales').then((r) => r.scales),
  });
}
