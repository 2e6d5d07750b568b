import { takeSeat } from '@beerscale/contract/api/seats';
import { call } from '../../../lib/api-client';

/** POST /api/join/{code}: this phone takes a free seat; the reply's token is the seat. */
export const takeSeatCall = (code: string, playerId: number) =>
  call(takeSeat, {
    params: { code },
    body: { playerId },
    anonymous: true,
    sessionCheck: false,
  });
