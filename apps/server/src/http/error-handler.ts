import type { FastifyError, FastifyInstance } from 'fastify';
import { errorCodeFor } from '@beerscale/contract/error-codes';
import { ERRORS, REFUSALS } from '@beerscale/contract/messages';
import { HttpError } from './http-error';
import { isSpaRoute } from './web-app';

type Reply = { error: string; code: string; errors?: string[] };

/** `{ error, code }`: the English text and its stable code (the contract's error-codes.ts). */
const refusal = (error: string, status: number): Reply => ({
  error,
  code: errorCodeFor(error, status),
});

export interface ErrorHandlerOptions {
  /** Unknown GET paths of the web app's routes get index.html (web-app.ts). */
  spaFallback: boolean;
  /** Hears each request that found the database unreachable (health stops trusting it). */
  onDatabaseUnavailable?: () => void;
}

/** Turns every failure into `{ error, code }` with a meaningful status; never a stack trace. */
export function registerErrorHandler(
  app: FastifyInstance,
  { spaFallback, onDatabaseUnavailable = () => {} }: ErrorHandlerOptions,
): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, request, reply) => {
    if (err instanceof HttpError) {
      const body: Reply = { error: err.message, code: err.code };
      if (err.errors && err.errors.length > 1) body.errors = err.errors;
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', err.retryAfterSeconds);
      return reply.code(err.statusCode).send(body);
    }
    const fastifyErr = err as FastifyError;
    const status = fastifyErr.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(refusal(clientMessage(fastifyErr), status));
    }
    if (isDatabaseUnavailable(err)) {
      onDatabaseUnavailable();
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).send(refusal(ERRORS.unavailable, 503));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(refusal(ERRORS.internal, 500));
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback && isSpaRoute(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(refusal(`${ERRORS.notFound}: ${request.method} ${request.url.split('?')[0]}`, 404));
  });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return ERRORS.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ERRORS.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return REFUSALS.jsonOnly;
    default:
      if (err.statusCode === 429) return ERRORS.tooManyRequests;
      // Fastify's messages for its own 4xx are short and safe to show.
      return err.message || REFUSALS.badRequest;
  }
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', 'ETIMEDOUT']);

function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (err as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /timeout exceeded when trying to connect|Connection terminated/i.test(message)
  );
}
