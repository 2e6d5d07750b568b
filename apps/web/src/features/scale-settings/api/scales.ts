import { useQuery } from '@tanstack/react-query';
import type { ScaleSummary } from '@beerscale/contract/scales';
import { api } from '../../../lib/api-client';

export const scalesKey = ['scale-settings', 'scales'] as const;

/** A device waiting to be paired shows up within a few seconds while the page is open. */
export const SCALES_REFRESH_MS = 5_000;

export function useScales() {
  return useQuery({
    queryKey: scalesKey,
    refetchInterval: SCALES_REFRESH_MS,
    queryFn: () =>
      api<{ scales: ScaleSummary[] }>('GET', '/api/scale-settings/scales').then((r) => r.scales),
  });
}
