import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import {
  errorStatuses,
  successStatus,
  type BodyOf,
  type Endpoint,
  type ErrorStatus,
  type ReplyOf,
} from '@beerscale/contract/api/endpoint';
import { errorReplySchema, type ErrorReply } from '@beerscale/contract/errors';

/** One request the fake server answered: its contract entry and what the server would parse. */
export interface ApiCall {
  endpoint: Endpoint;
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  headers: Headers;
}

/** What a handler is given: the request's path values, query and body, parsed by the entry. */
export interface Received<E extends Endpoint> {
  params: Record<string, string>;
  query: Record<string, string>;
  body: BodyOf<E>;
  request: Request;
}

/**
 * A handler's answer: the entry's success reply (checked against its schema), or a Response of
 * its own for a refusal (see `refusal`) or a reply no contract describes (a proxy page, bytes).
 */
export type Answer<E extends Endpoint> = ReplyOf<E> | Response;
export type Resolver<E extends Endpoint> = (
  received: Received<E>,
) => Answer<E> | Promise<Answer<E>>;

/**
 * Requests the web tests' fake server received, oldest first; cleared after each test
 * (test-setup.ts).
 */
export const apiCalls: ApiCall[] = [];

// What went wrong on the server's side of a test: a request no handler takes, a body or query the
// real server would refuse, a reply the contract does not allow. test-setup.ts fails the test with
// these, since the screen under test may well swallow the failed call.
const problems: string[] = [];

// Each test is a generation; a request belongs to the one in which it started. A request still
// in flight when its test ended (a page's last status report, a refetch) is answered by its own
// test's handlers (MSW takes them when the request starts) but is neither recorded nor blamed on
// the next test, whose calls the assertions read.
let generation = 0;
const startedIn = new Map<string, number>();
const ofThisTest = (requestId: string) => startedIn.get(requestId) === generation;

// A request no contract handler takes reaches this one, which stays when handlers are reset:
// it fails the test and answers nothing, so the request never goes out to the network.
const noHandler = http.all('*', ({ request, requestId }) => {
  if (ofThisTest(requestId)) {
    problems.push(`No contract handler for ${request.method} ${new URL(request.url).pathname}`);
  }
  return HttpResponse.error();
});

/**
 * The one fake server of the web tests: MSW intercepts fetch itself, so the real api client
 * (headers, JSON, refusals, reply checks) runs as it does in the browser.
 */
export const server = setupServer(noHandler);
server.events.on('request:start', ({ requestId }) => startedIn.set(requestId, generation));
server.events.on('request:end', ({ requestId }) => startedIn.delete(requestId));

/** Anything the catch-all misses still fails loudly. */
export const serverOptions = { onUnhandledRequest: 'error' } as const;

/**
 * The problems seen since the last call, cleared with the calls, at the end of each test
 * (test-setup.ts turns them into a failure); what starts after this belongs to the next test.
 */
export function takeProblems(): string[] {
  const taken = [...problems];
  problems.length = 0;
  apiCalls.length = 0;
  generation += 1;
  return taken;
}

/** The MSW handler for one contract entry: `http.<method>(template)`, parsing as the server does. */
export function handler<E extends Endpoint>(endpoint: E, resolve: Resolver<E>): HttpHandler {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const template = endpoint.path.replace(/\{(\w+)\}/g, ':$1');
  const route = `${endpoint.method} ${endpoint.path}`;
  return http[method](template, async ({ request, params: values, requestId }) => {
    const url = new URL(request.url);
    const rawParams = values as Record<string, string>;
    const rawQuery = Object.fromEntries(url.searchParams);
    // A template also matches paths of another entry (`/api/games/{id}` takes
    // `/api/games/active`); the server routes those elsewhere, so this handler passes them on.
    const params = check(endpoint.params, rawParams);
    if (!params.success) return undefined;
    const problem = (why: string) => (ofThisTest(requestId) ? refused(route, why) : rejected());
    const text = await request.text();
    let rawBody: unknown = undefined;
    if (text) {
      try {
        rawBody = JSON.parse(text);
      } catch {
        return problem(`a body that is not JSON: ${text}`);
      }
    }
    const query = check(endpoint.query, rawQuery);
    if (!query.success) return problem(`a query the server refuses: ${query.issues}`);
    const body = check(endpoint.body, rawBody);
    if (!body.success) return problem(`a body the server refuses: ${body.issues}`);
    if (ofThisTest(requestId))
      apiCalls.push({
        endpoint,
        params: params.data as Record<string, unknown>,
        query: query.data,
        body: body.data,
        headers: request.headers,
      });
    const answer = await resolve({
      params: rawParams,
      query: rawQuery,
      body: body.data as BodyOf<E>,
      request,
    });
    if (answer instanceof Response) return answer;
    const status = successStatus(endpoint);
    const reply = check(endpoint.replies[status], answer);
    if (!reply.success) {
      if (ofThisTest(requestId)) {
        problems.push(`${route}: the test's reply breaks the contract: ${reply.issues}`);
      }
      return HttpResponse.json({ error: 'reply outside the contract' }, { status: 500 });
    }
    return HttpResponse.json(reply.data as never, { status });
  });
}

/** Serves contract entries for the current test (the latest one given for an entry wins). */
export function serve<E extends Endpoint>(endpoint: E, resolve: Resolver<E>): void {
  server.use(handler(endpoint, resolve));
}

/**
 * A refusal this entry may answer: a status the contract lists for it (its own refusals or
 * those every endpoint may give) with the `{ error, code?, errors? }` body the server sends, or
 * the entry's own shape for that status (verify-token's `{ valid: false, error }`).
 */
export function refusal(
  endpoint: Endpoint,
  status: number,
  reply: ErrorReply & Record<string, unknown>,
): Response {
  const route = `${endpoint.method} ${endpoint.path}`;
  const own = endpoint.replies[status];
  const checked = (own ?? errorReplySchema).safeParse(reply);
  if (!checked.success)
    throw new Error(`${route}: no refusal of this shape: ${String(checked.error)}`);
  if (!own && !errorStatuses(endpoint).includes(status as ErrorStatus)) {
    throw new Error(`${route} never answers ${status}`);
  }
  return HttpResponse.json(reply, { status });
}

/** No answer at all: the browser's fetch rejects, as when the server cannot be reached. */
export function unreachable(): Response {
  return HttpResponse.error();
}

/** The entries called so far, in order (compare with the entries themselves). */
export function entriesCalled(): Endpoint[] {
  return apiCalls.map((c) => c.endpoint);
}

/** The calls made to one entry, oldest first. */
export function callsTo(endpoint: Endpoint): ApiCall[] {
  return apiCalls.filter((c) => c.endpoint === endpoint);
}

/** The bodies sent to one entry, as the server parsed them, oldest first. */
export function bodiesSent<E extends Endpoint>(endpoint: E): BodyOf<E>[] {
  return callsTo(endpoint).map((c) => c.body as BodyOf<E>);
}

type Checked = { success: true; data: unknown } | { success: false; issues: string };

function check(schema: z.ZodType | undefined, value: unknown): Checked {
  if (!schema) return { success: true, data: value };
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data };
  return { success: false, issues: JSON.stringify(result.error.issues) };
}

function refused(route: string, why: string): Response {
  problems.push(`${route} received ${why}`);
  return rejected();
}

function rejected(): Response {
  return HttpResponse.json({ error: 'Validation failed' }, { status: 400 });
}
