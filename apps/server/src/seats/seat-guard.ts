import type { FastifyRequest } from 'fastify';
import { ERRORS } from '@beerscale/contract/messages';
import { SEAT_REFUSALS, SEAT_SCHEME } from '@beerscale/contract/seat-messages';
import { unauthorized } from '../http/http-error';
import type { SeatsService } from './seats.service';

const SEAT_HEADER = new RegExp(`^${SEAT_SCHEME}\\s+(\\S+)$`, 'i');

/**
 * preHandler of `access: 'seat'` endpoints: `Authorization: Seat <token>` names a held seat, or
 * 401. A seat released by the leader or left answers `seatEnded`, so the phone offers to join
 * again; any other credential (a session's Bearer token) is not a seat.
 */
export function seatGuard(seats: SeatsService) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(ERRORS.unauthorized);
    const token = SEAT_HEADER.exec(header)?.[1];
    if (!token) throw unauthorized(ERRORS.invalidToken);
    const seat = await seats.authenticate(token);
    if (!seat) throw unauthorized(SEAT_REFUSALS.seatEnded);
    request.seat = seat;
  };
}
