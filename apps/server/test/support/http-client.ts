export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, for malformed-input tests. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A thin fetch wrapper over real HTTP; every reply body is parsed as JSON when it is JSON. */
export function httpClient(baseUrl: string) {
  return async function call<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (e.g. the web app's HTML): keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };
}

export type HttpCall = ReturnType<typeof httpClient>;
