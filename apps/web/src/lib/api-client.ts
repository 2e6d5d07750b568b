import { errorReplySchema } from '@beerscale/contract/errors';
import { read, STORAGE_KEYS } from './storage';

/** A refused or failed call: the server's `error` (and `errors`) when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
    readonly fromServer = false,
  ) {
    super(message);
  }
}

/** Calls that fail with 401 on a token go through this, so the session can react (SPEC §4). */
let onUnauthorized: (() => void) | null = null;
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

interface Options {
  body?: unknown;
  /** Login, registration: no bearer token (SPEC §7). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** The one API client: JSON in and out, bearer token, `{ error }` turned into ApiError. */
export async function api<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.anonymous ? null : read(STORAGE_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, response.statusText || 'Invalid response');
    }
  }
  if (!response.ok) {
    const parsed = errorReplySchema.safeParse(data);
    if (response.status === 401 && token) onUnauthorized?.();
    if (parsed.success) {
      throw new ApiError(response.status, parsed.data.error, parsed.data.errors ?? [], true);
    }
    throw new ApiError(response.status, response.statusText || `HTTP ${response.status}`);
  }
  return data as T;
}

/** The message to show for a failed call: the server's, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.errors[0] ?? error.message;
  return fallback;
}
