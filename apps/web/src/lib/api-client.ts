import {
  pathWith,
  successStatus,
  type BodyOf,
  type Endpoint,
  type PathParams,
  type QueryOf,
  type ReplyOf,
} from '@beerscale/contract/api/endpoint';
import type { ErrorReply } from '@beerscale/contract/errors';
import { ERRORS } from '@beerscale/contract/messages';
import { read, STORAGE_KEYS } from './storage';
import { isTokenUsable } from './token';
import { reportUnauthorized } from './unauthorized';
import { translatedRefusal } from '../i18n/refusals';

/**
 * Why a call failed, so that each screen can pick its fallback text:
 * - server: the server refused with `{ error, code, errors? }` (its message is shown in English
 *   as is, or in the reader's language by its code);
 * - http: a non-2xx without that body (a proxy page, a crash): only the status is known;
 * - network: no answer at all;
 * - invalid-data: a 2xx whose body is not JSON or not the shape the contract promises.
 */
export type ApiErrorKind = 'server' | 'http' | 'network' | 'invalid-data';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The contract's schemas are passed in by the caller; only their `safeParse` is used here, so a
 * hand-written check of the same shape will do where zod must stay out (features/auth/api).
 */
export interface ReplySchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

interface Options<T> {
  body?: unknown;
  /** Validates a 2xx reply against the contract; a mismatch is an 'invalid-data' error. */
  schema?: ReplySchema<T>;
  /** Login and registration go without a bearer token: there is no session yet. */
  anonymous?: boolean;
  /**
   * A 401 on a call made with a token means the session is over (docs/ARCHITECTURE.md,
   * Session). Calls that handle it themselves (verify-token, logout) opt out.
   */
  sessionCheck?: boolean;
  signal?: AbortSignal;
  /** The success reply is bytes (an endpoint that `produces` an image): resolves to a Blob. */
  bytes?: boolean;
  /** A seat's own calls (`access: 'seat'`): `Authorization: Seat <token>`, never the session's. */
  seat?: string;
}

export { setUnauthorizedHandler } from './unauthorized';

/** What an endpoint needs from the caller: its path values, query and body, as the table types them. */
type EndpointInput<E extends Endpoint> = ([PathParams<E>] extends [never]
  ? unknown
  : { params: PathParams<E> }) &
  ([QueryOf<E>] extends [never] ? unknown : { query?: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? unknown : { body: BodyOf<E> });

export type CallOptions<E extends Endpoint> = EndpointInput<E> &
  Pick<Options<unknown>, 'anonymous' | 'sessionCheck' | 'signal' | 'seat'> & {
    /**
     * Parses the reply with the endpoint's success schema, a mismatch being an 'invalid-data'
     * error. For replies that start a session or come from a shared link; the server already
     * serialises every reply through its schema.
     */
    validate?: boolean;
  };

/**
 * Calls one endpoint of the contract's table (packages/contract/src/api): method and path come
 * from the entry, path values, query, body and reply are typed by it.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[options]: object extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]
): Promise<ReplyOf<E>> {
  const input = (options ?? {}) as CallOptions<Endpoint> & {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  let path = pathWith(endpoint.path, input.params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  if (search.size > 0) path += `?${search}`;
  const schema = input.validate ? endpoint.replies[successStatus(endpoint)] : undefined;
  return request<ReplyOf<E>>(endpoint.method, path, {
    body: input.body,
    schema: schema as ReplySchema<ReplyOf<E>> | undefined,
    anonymous: input.anonymous,
    sessionCheck: input.sessionCheck,
    signal: input.signal,
    bytes: endpoint.produces !== undefined,
    seat: input.seat,
  });
}

/** The transport under `call`: JSON in and out, bearer token, refusals turned into ApiError. */
export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: Options<T> = {},
): Promise<T> {
  const sessionCheck = options.sessionCheck ?? true;
  const headers: Record<string, string> = {
    accept: options.bytes ? 'image/png, application/json' : 'application/json',
  };
  const token = options.anonymous || options.seat ? null : read(STORAGE_KEYS.token);
  if (options.seat) headers.authorization = `Seat ${options.seat}`;
  if (token) {
    // An expired token is not sent; the session ends here and now.
    if (sessionCheck && !isTokenUsable(token)) {
      reportUnauthorized();
      throw new ApiError('server', 401, ERRORS.invalidToken, [], 'INVALID_TOKEN');
    }
    headers.authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 0, ERRORS.networkError);
  }

  if (options.bytes && response.ok) return (await response.blob()) as T;
  const text = await response.text().catch(() => '');
  let data: unknown = undefined;
  let parsed = true;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      parsed = false;
    }
  }

  if (!response.ok) {
    // A refusal of a token that is no longer the stored one (the user signed out while the
    // call was on its way) says nothing about the session now.
    if (response.status === 401 && token && sessionCheck && read(STORAGE_KEYS.token) === token) {
      reportUnauthorized();
    }
    if (parsed && isErrorReply(data)) {
      throw new ApiError('server', response.status, data.error, data.errors ?? [], data.code);
    }
    throw new ApiError('http', response.status, response.statusText);
  }
  if (!parsed) throw new ApiError('invalid-data', response.status, ERRORS.invalidServerData);
  if (options.schema) {
    const checked = options.schema.safeParse(data);
    if (!checked.success) {
      throw new ApiError('invalid-data', response.status, ERRORS.invalidServerData);
    }
    return checked.data;
  }
  return data as T;
}

/**
 * The message to show for a failed call: the server's own (first of `errors`), in the reader's
 * language when its code has a translation; else the fallback (already translated by the caller).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.kind !== 'server') return fallback;
  const english = error.errors[0] ?? error.message;
  if (english !== error.message) return english;
  return translatedRefusal(error.code, english);
}

// Hand-written rather than errorReplySchema.safeParse: it keeps zod out of the first-load bundle.
function isErrorReply(data: unknown): data is ErrorReply {
  if (typeof data !== 'object' || data === null) return false;
  const { error, errors, code } = data as Record<string, unknown>;
  return (
    typeof error === 'string' &&
    (code === undefined || typeof code === 'string') &&
    (errors === undefined || (Array.isArray(errors) && errors.every((e) => typeof e === 'string')))
  );
}
