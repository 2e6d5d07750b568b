import { errorCodeFor } from '@beerscale/contract/error-codes';

/**
 * A refusal with a status that means what it says, a message fit for the user (never a stack or an SQL error) and
 * the message's stable code, which clients translate.
 */
export class HttpError extends Error {
  readonly code: string;
  /** Sent as Retry-After (seconds) with a 429, so clients can wait without reading the text. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
    this.code = errorCodeFor(message, statusCode);
  }
}

export const badRequest = (message: string, errors?: string[]) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export function tooManyRequests(message: string, retryAfterMs?: number): HttpError {
  const err = new HttpError(429, message);
  if (retryAfterMs !== undefined)
    err.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return err;
}
