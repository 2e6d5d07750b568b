import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone; a live session (else 401); a live session of an
 * administrator (else 401, then 403); a seat of a game, `Authorization: Seat <token>` (else 401;
 * seats.ts).
 */
export type Access = 'public' | 'authenticated' | 'admin' | 'seat';

/** Statuses whose body is the `{ error, code?, errors? }` refusal (errors.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/**
 * One REST endpoint, declared once: the server registers, validates, authorises and serialises
 * from it, the web calls it, the tests iterate it and the OpenAPI document is generated from it.
 * Entries are plain object literals (no calls), so a page that imports one entry of a resource
 * file bundles only the schemas that entry names.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** OpenAPI style: `/api/games/{id}`; every `{name}` is a key of `params`. */
  readonly path: `/api/${string}`;
  readonly access: Access;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** Each path parameter's schema; they are parsed one by one, in this order. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The success reply's media type when it is not JSON (the result card's PNG, a group's CSV); its schema in
   * `replies` then describes the bytes, and refusals stay JSON.
   */
  readonly produces?: 'image/png' | 'text/csv';
  /** The replies this endpoint sends with their own shape, by status (the first is the success). */
  readonly replies: Readonly<Partial<Record<number, z.ZodType>>>;
  /** Refusals this endpoint's rules give beyond those every endpoint may give (errorStatuses). */
  readonly refusals?: readonly ErrorStatus[];
}

/**
 * Every refusal status an endpoint may answer: its own, the session's (401) and the admin flag's
 * (403), a malformed request (400), a body too large or of another type (413, 415) where a body is
 * read, and the faults any call can meet (500, 503: the database is unreachable).
 */
export function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500, 503]);
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.access === 'admin') statuses.add(403);
  if (endpoint.method !== 'GET') {
    statuses.add(413);
    statuses.add(415);
  }
  for (const status of endpoint.refusals ?? []) statuses.add(status);
  return [...statuses]
    .filter((status) => endpoint.replies[status] === undefined)
    .sort((a, b) => a - b);
}

/** The success status: the first one the endpoint declares (200 or 201). */
export function successStatus(endpoint: Endpoint): number {
  const status = Number(Object.keys(endpoint.replies)[0]);
  if (!Number.isInteger(status)) throw new Error(`${endpoint.path} declares no reply`);
  return status;
}

type SuccessKey<E extends Endpoint> = Extract<keyof E['replies'], 200 | 201>;

/** The values a client puts into the path (ids may be numbers). */
export type PathParams<E extends Endpoint> =
  E['params'] extends z.ZodObject<infer Shape> ? { [K in keyof Shape]: string | number } : never;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : never;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** The parsed values a handler receives. */
export type ParsedParams<E extends Endpoint> = E['params'] extends z.ZodObject
  ? z.output<E['params']>
  : Record<string, never>;
export type ParsedQuery<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : undefined;
export type ParsedBody<E extends Endpoint> = E['body'] extends z.ZodType
  ? z.output<E['body']>
  : undefined;
/** The success reply's type. */
export type ReplyOf<E extends Endpoint> = E['replies'][SuccessKey<E>] extends z.ZodType
  ? z.output<E['replies'][SuccessKey<E>]>
  : never;
/** Every reply with its own shape, by status (handlers may send any of them). */
export type AnyReplyOf<E extends Endpoint> = {
  [S in keyof E['replies']]: E['replies'][S] extends z.ZodType ? z.output<E['replies'][S]> : never;
}[keyof E['replies']];

/** `/api/games/{id}` with `{ id: 7 }` -> `/api/games/7` (each value URI-encoded). */
export function pathWith(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
