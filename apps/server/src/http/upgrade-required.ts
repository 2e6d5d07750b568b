import { REFUSALS } from '@beerscale/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/**
 * The plain-HTTP side of a socket route: a request without an upgrade gets 426 and the usual
 * `{ error }`, where @fastify/websocket would answer an empty 404 that says nothing.
 */
export function upgradeRequired(_request: FastifyRequest, reply: FastifyReply): never {
  void reply.header('upgrade', 'websocket');
  throw new HttpError(426, REFUSALS.webSocketOnly);
}
