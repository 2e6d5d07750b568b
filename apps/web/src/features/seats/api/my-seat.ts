import { queryOptions } from '@tanstack/react-query';
import { leaveSeat, mySeat, seatAction } from '@beerscale/contract/api/seats';
import type { SeatActionBody } from '@beerscale/contract/seats';
import { call } from '../../../lib/api-client';

/** How often a seat's phone asks for the game: often enough that a turn is felt at once. */
export const SEAT_POLL_MS = 1_500;

/** GET /api/seat: the seat and its game as it is now (with the seat's own token). */
export const mySeatQuery = (token: string) =>
  queryOptions({
    queryKey: ['seat', token],
    queryFn: ({ signal }) => call(mySeat, { seat: token, sessionCheck: false, signal }),
    refetchInterval: SEAT_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

/** POST /api/seat/actions: the seat's own call, give or estimate, applied once per id. */
export const sendSeatAction = (token: string, body: SeatActionBody) =>
  call(seatAction, { seat: token, sessionCheck: false, body });

/** POST /api/seat/leave: the seat is free again. */
export const leaveSeatCall = (token: string) =>
  call(leaveSeat, { seat: token, sessionCheck: false });
