import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ScaleSummary } from '@beerscale/contract/scales';
import { scales } from '@beerscale/contract/api/scales';
import { call } from './api-client';

/**
 * The caller's approved scales: the scale settings page lists them, the game set-ups offer
 * them, so they live here rather than in one of those features.
 */
export const ownScalesQueryOptions = () =>
  queryOptions({
    queryKey: ['scale-settings', 'scales'],
    queryFn: () => call(scales).then((r) => r.scales),
  });

export function useOwnScales() {
  return useQuery(ownScalesQueryOptions());
}

/**
 * An empty MAC field is filled with the player's scale when they own exactly one: with more,
 * they pick; with none, they type. Only once, when the list arrives: a field the player
 * cleared stays empty.
 */
export function usePrefilledMac(
  mac: string,
  setMac: (mac: string) => void,
  scales: ScaleSummary[] | undefined,
  enabled: boolean,
) {
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !enabled || !scales) return;
    decided.current = true;
    if (mac === '' && scales.length === 1) setMac(scales[0]!.mac_address);
  }, [enabled, mac, scales, setMac]);
}
