import { useQuery } from '@tanstack/react-query';
import { ownScalesQueryOptions } from '../../../lib/own-scales';

/** A device waiting to be paired shows up within a few seconds while the page is open. */
export const SCALES_REFRESH_MS = 5_000;

/** The same cache entry as the game set-ups' scale choice, refreshed while this page is open. */
export function useScales() {
  return useQuery({ ...ownScalesQueryOptions(), refetchInterval: SCALES_REFRESH_MS });
}
