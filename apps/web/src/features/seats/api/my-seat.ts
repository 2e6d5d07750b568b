import { queryOptions } from '@tanstack/react-query';
import { leaveSeat, mySeat, seatAction } from '@beerscale/contract/api/seats';
import type { SeatActionBody } from '@beerscale/contract/seats';
import { call } from '../../../lib/api-client';

/**
 * While the seat's socket is down the phone still asks for the game this often (the socket
 * brings every change at once while it is open, and the game as it is on every reconnect).
 */
export const SEAT_FALLBACK_POLL_MS = 5_000;

/** GET /api/seat: the seat and its game as it is now (with the seat's own token). */
export const mySeatQuery = (token: string) =>
  queryOptions({
    queryKey: ['seat', token],
    queryFn: ({ signal }) => call(mySeat, { seat: token, sessionCheck: false, signal }),
    refetchIntervalInBackground: false,
    retry: false,
  });

/** POST /api/seat/actions: the seat's own call, give or estimate, applied once per id. */
export const sendSeatAction = (token: string, body: SeatActionBody) =>
  call(seatAction, { seat: token, sessionCheck: false, body });

/** POST /api/seat/leave: the seat is free again. */
export const leaveSeatCall = (token: string) =>
  call(leaveSeat, { seat: token, sessionCheck: false });
