import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeFor } from '@beerscale/contract/error-codes';
import { ERRORS } from '@beerscale/contract/messages';

/**
 * Fastify's `frameworkErrors`: refusals it makes before any hook runs (a URL that does not
 * decode, such as `/%c0`; an overlong path parameter), in `{ error }` instead of Fastify's own
 * shape. The security headers are set here for a WebSocket upgrade's refusal: @fastify/websocket
 * answers upgrades through a plain ServerResponse (every other reply's class writes them,
 * secured-response.ts). Nothing would close that upgrade's connection after the refusal (the
 * plugin's hook that does is never reached), so it is closed here once the reply is out.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    // Node marks the request it hands to 'upgrade' listeners (untyped in @types/node).
    if ((request.raw as { upgrade?: boolean }).upgrade)
      reply.raw.once('finish', () => request.raw.socket.destroy());
    const [status, error] =
      err.code === 'FST_ERR_BAD_URL'
        ? [400, ERRORS.badUrl]
        : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, ERRORS.urlTooLong]
          : [500, ERRORS.internal];
    void reply
      .headers(headers)
      .code(status)
      .send({ error, code: errorCodeFor(error, status) });
  };
}
