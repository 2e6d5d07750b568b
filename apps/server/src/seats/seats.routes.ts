import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { FastifyRequest } from 'fastify';
import {
  gameSeats,
  joinInfo,
  leaveSeat,
  mySeat,
  releaseSeat,
  seatAction,
  takeSeat,
} from '@beerscale/contract/api/seats';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import { tooManyRequests } from '../http/http-error';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { SeatsService } from './seats.service';

/** Join look-ups and seat takes per client address and minute: a 4-character code is short. */
export const JOINS_PER_ADDRESS_PER_MINUTE = 60;

export function registerSeatsRoutes(
  routes: EndpointRoutes,
  seats: SeatsService,
  joinsPerMinute = JOINS_PER_ADDRESS_PER_MINUTE,
): void {
  const joins = new RateLimiterMemory({ points: joinsPerMinute, duration: 60 });
  const limitJoins = async (request: FastifyRequest) => {
    await joins.consume(request.ip).catch((res: { msBeforeNext?: number }) => {
      throw tooManyRequests(SEAT_REFUSALS.tooManyJoins, res.msBeforeNext);
    });
  };
  routes.add(joinInfo, async ({ params, request }) => {
    await limitJoins(request);
    return seats.info(params.code);
  });
  routes.add(takeSeat, async ({ params, body, request }) => {
    await limitJoins(request);
    return seats.take(params.code, body.playerId, request.headers['user-agent']);
  });
  routes.add(gameSeats, async ({ params, me }) => seats.ofGame(params.id, me));
  routes.add(releaseSeat, async ({ params, me }) => {
    await seats.release(params.id, params.playerId, me);
    return { message: 'Seat released' };
  });
  routes.add(mySeat, async ({ seat }) => seats.mine(seat));
  routes.add(seatAction, async ({ seat, body }) => seats.act(seat, body));
  routes.add(leaveSeat, async ({ seat }) => {
    await seats.leave(seat);
    return { message: 'Seat left' };
  });
}
