import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeFor } from '@beerscale/contract/error-codes';
import { ERRORS } from '@beerscale/contract/messages';

/**
 * Fastify's `frameworkErrors`: refusals it makes before any hook runs (a URL that does not
 * decode, such as `/%c0`; an overlong path parameter). Without this they went out bare, without
 * the security headers every other reply carries, and in Fastify's own shape instead of `{ error }`.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
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
