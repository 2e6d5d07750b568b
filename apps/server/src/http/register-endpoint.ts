import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type {
  Endpoint,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
  ReplyOf,
} from '@beerscale/contract/api/endpoint';
import { successStatus } from '@beerscale/contract/api/endpoint';
import type { IncomingMessage } from 'node:http';
import type { AuthContext } from '../auth/auth.service';
import { requireAdmin, type SeatContext } from './auth-guard';
import { COMPRESSIBLE } from './compression';
import type { JsonBytes } from './json-bytes';
import type { MemoryLane } from './memory-lane';
import { replySchema } from './reply-schema';
import { checkReplies } from './reply-check';
import { parseInput } from './validate';

/** What a handler gets: the parsed input and, behind a session, the caller. */
export interface EndpointInput<E extends Endpoint> {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  me: E['access'] extends 'public' | 'seat' ? null : AuthContext;
  /** Behind `access: 'seat'`: the calling phone's seat. */
  seat: E['access'] extends 'seat' ? SeatContext : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler returns the success reply (sent with the endpoint's success status), or the
 * FastifyReply it sent itself: another declared status, or bytes prepared once (json-bytes.ts).
 */
export type EndpointHandler<E extends Endpoint> = (
  input: EndpointInput<E>,
) => Promise<ReplyOf<E> | FastifyReply>;

export interface EndpointOptions<E extends Endpoint = Endpoint> {
  /** The reply can be large: the compression plugin may compress it (compression.ts). */
  compressible?: boolean;
  /**
   * The success reply's bytes when they are at hand in memory, else null: the memory lane
   * (memory-lane.ts) then answers GET requests with them before the framework. Only for GET
   * endpoints (at most one path parameter), public or behind a session, whose handler sends
   * exactly these bytes (JsonBytes.send) for the same input and caller.
   */
  fromMemory?: (input: Pick<EndpointInput<E>, 'params' | 'query' | 'me'>) => JsonBytes | null;
}

/** How the guards find the caller: the preHandler, and the memory lane's check from memory. */
export interface EndpointGuards {
  authenticated: preHandlerAsyncHookHandler;
  /** The caller of a bearer token when its session is remembered and needs no write, else null. */
  rememberedCaller: (request: IncomingMessage) => AuthContext | null;
}

/** `/api/games/{id}` -> `/api/games/:id` */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers the contract's endpoints: a route file gives each one its handler and nothing else.
 * Per request: the session (401) and admin flag (403) as preHandlers, then the path parameters
 * one by one, the query and the body through parseInput (400 with the contract's messages), then
 * the handler; the replies the endpoint declares are serialised from their schemas by
 * fast-json-stringify. With `checkReplies` (tests), every reply is also checked against the
 * contract (reply-check.ts); without it no hook is added, so production pays nothing.
 */
export class EndpointRoutes {
  private readonly adminGuard: preHandlerAsyncHookHandler[];
  /** The seats feature's check of `Authorization: Seat <token>`, given before its routes. */
  private seatGuard: preHandlerAsyncHookHandler | null = null;

  private readonly authenticated: preHandlerAsyncHookHandler;

  constructor(
    private readonly app: FastifyInstance,
    private readonly guards: EndpointGuards,
    private readonly lane: MemoryLane | null = null,
    private readonly checking = process.env.NODE_ENV === 'test',
  ) {
    this.authenticated = guards.authenticated;
    // A live session first (401), then the admin flag (403).
    this.adminGuard = [
      guards.authenticated,
      async (request: FastifyRequest) => void requireAdmin(request),
    ];
  }

  /** How `access: 'seat'` endpoints find their seat (seats/seat-guard.ts): 401 without one. */
  useSeatGuard(guard: preHandlerAsyncHookHandler): void {
    this.seatGuard = guard;
  }

  add<E extends Endpoint>(
    endpoint: E,
    handler: EndpointHandler<E>,
    options: EndpointOptions<E> = {},
  ): void {
    const laned = options.fromMemory ? this.offerToLane(endpoint, options.fromMemory) : false;
    const status = successStatus(endpoint);
    const response: Record<number, unknown> = {};
    for (const [code, schema] of Object.entries(endpoint.replies)) {
      // Bytes (a PNG) are sent as they are: no JSON serialiser for them.
      if (endpoint.produces && Number(code) === status) continue;
      if (schema) response[Number(code)] = replySchema(schema);
    }
    const routeOptions: RouteShorthandOptions = {
      schema: { response },
      ...(options.compressible ? COMPRESSIBLE : {}),
      ...this.guard(endpoint),
      ...(this.checking ? checkReplies(endpoint) : {}),
    };
    this.app.route({
      ...routeOptions,
      method: endpoint.method,
      url: fastifyPath(endpoint.path),
      handler: async (request, reply) => {
        const input = {
          params: parseParams(endpoint, request.params),
          query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
          body: endpoint.body ? parseInput(endpoint.body, request.body) : undefined,
          me: request.auth ?? null,
          seat: request.seat ?? null,
          request,
          reply,
        } as EndpointInput<E>;
        // The lane may answer this URL from now on: it parsed here without a refusal.
        if (laned) {
          this.lane!.accept(endpoint.path, request.url, {
            params: input.params,
            query: input.query,
          });
        }
        reply.code(status);
        return handler(input);
      },
    });
  }

  /** Offers the endpoint's bytes to the memory lane; false without a lane (some tests). */
  private offerToLane<E extends Endpoint>(
    endpoint: E,
    fromMemory: NonNullable<EndpointOptions<E>['fromMemory']>,
  ): boolean {
    if (!this.lane) return false;
    if (endpoint.method !== 'GET') {
      throw new Error(`${endpoint.path}: only GET endpoints answer from memory`);
    }
    if (endpoint.access !== 'public' && endpoint.access !== 'authenticated') {
      throw new Error(`${endpoint.path}: answers from memory only in public or behind a session`);
    }
    const behindSession = endpoint.access === 'authenticated';
    const { rememberedCaller } = this.guards;
    this.lane.add(endpoint.path, ({ params, query, request }) => {
      const me = behindSession ? rememberedCaller(request) : null;
      if (behindSession && !me) return null;
      return fromMemory({ params, query, me } as Pick<EndpointInput<E>, 'params' | 'query' | 'me'>);
    });
    return true;
  }

  private guard(endpoint: Endpoint): RouteShorthandOptions {
    if (endpoint.access === 'admin') return { preHandler: this.adminGuard };
    if (endpoint.access === 'authenticated') return { preHandler: this.authenticated };
    if (endpoint.access === 'seat') {
      if (!this.seatGuard) throw new Error(`${endpoint.path}: no seat guard registered`);
      return { preHandler: this.seatGuard };
    }
    return {};
  }
}

/** Each parameter on its own, in the declared order: a refusal names the first bad one. */
function parseParams(endpoint: Endpoint, raw: unknown): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  if (!endpoint.params) return parsed;
  const values = raw as Record<string, string>;
  for (const [name, schema] of Object.entries(endpoint.params.shape)) {
    parsed[name] = parseInput(schema as z.ZodType, values[name]);
  }
  return parsed;
}
