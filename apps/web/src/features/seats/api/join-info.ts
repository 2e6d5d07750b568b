import { queryOptions } from '@tanstack/react-query';
import { joinInfo } from '@beerscale/contract/api/seats';
import { call } from '../../../lib/api-client';

/** GET /api/join/{code}: the open game behind a code and its seats (no account needed). */
export const joinInfoQuery = (code: string) =>
  queryOptions({
    queryKey: ['join', code.toUpperCase()],
    queryFn: ({ signal }) =>
      call(joinInfo, { params: { code }, anonymous: true, sessionCheck: false, signal }),
    // Seats are taken by other phones meanwhile.
    refetchInterval: 4_000,
    retry: false,
  });
