import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { JsonBytes } from './json-bytes';

/** The input the framework's path parsed from a URL: its path parameters and query. */
export interface LaneInput {
  params: Record<string, unknown>;
  query: unknown;
}

/**
 * What a route answers from memory: the bytes it would send, or null when it does not have them
 * at hand (then the request takes the framework's path, which reads and remembers them).
 */
export type MemoryAnswer = (input: LaneInput & { request: IncomingMessage }) => JsonBytes | null;

/** Writes the request's log line, as the framework's path writes it (request-log.ts). */
export type LaneLog = (request: IncomingMessage, statusCode: number, elapsedMs: number) => void;

/** At most this many distinct URLs are remembered as accepted, per route (least used out). */
const ACCEPTED_URLS_MAX = 1_000;

interface LaneRoute {
  answer: MemoryAnswer;
  /** Raw URL -> the input the endpoint parsed from it on the framework's path. */
  accepted: LRUCache<string, LaneInput>;
}

/** A route with one path parameter, `/api/groups/{id}/leaderboard`: what is around it. */
interface TemplateRoute extends LaneRoute {
  before: string;
  after: string;
}

/**
 * The hot reads answered before the framework (docs/PERFORMANCE.md, "The memory lane"): GET
 * /api/health, the leaderboard, home and a group's table, whose replies are bytes kept in
 * memory. Through Fastify such a request cost 7-10 µs of CPU more than node:http answering the
 * same bytes (routing, the request and reply objects, a child logger, the hook and send
 * pipeline), which was most of the gap to the budgets. The lane answers only what the framework's path would
 * answer the same way: a URL (path and query) that route's framework path parsed before
 * without a refusal (so the lane never parses or refuses anything itself), and bytes the route
 * has at hand; everything else, and every request once the server is closing, goes to Fastify.
 * Its replies carry the same headers (the reply class adds the security headers to both) and
 * the same log line; memory-lane.test.ts compares them with the framework's.
 */
export class MemoryLane {
  /** By the contract's path: exact paths, and those with one parameter. */
  private readonly byEndpoint = new Map<string, LaneRoute>();
  private readonly exact = new Map<string, LaneRoute>();
  private readonly templates: TemplateRoute[] = [];
  private open = true;
  /** Requests the lane answered (its tests read it). */
  answered = 0;

  constructor(private readonly log: LaneLog | null) {}

  /**
   * Offers `answer` for GET `path`, the contract's path with at most one `{parameter}` as a
   * whole segment, for the URLs accept() reports.
   */
  add(path: string, answer: MemoryAnswer): void {
    const accepted = new LRUCache<string, LaneInput>({ max: ACCEPTED_URLS_MAX });
    const parameters = path.match(/\{\w+\}/g) ?? [];
    if (parameters.length === 0) {
      const route = { answer, accepted };
      this.exact.set(path, route);
      this.byEndpoint.set(path, route);
      return;
    }
    const [before = '', after = ''] = path.split(/\{\w+\}/);
    if (
      parameters.length > 1 ||
      !before.endsWith('/') ||
      !(after === '' || after.startsWith('/'))
    ) {
      throw new Error(`${path}: the memory lane takes at most one parameter, a whole segment`);
    }
    const route = { answer, accepted, before, after };
    this.templates.push(route);
    this.byEndpoint.set(path, route);
  }

  /** The framework's path parsed this URL for the endpoint at `path`: the lane may now take it. */
  accept(path: string, url: string, input: LaneInput): void {
    const accepted = this.byEndpoint.get(path)?.accepted;
    if (accepted && !accepted.has(url)) accepted.set(url, input);
  }

  /**
   * Puts the lane before Fastify's request listener on its server, and takes it away when the
   * app starts closing (Fastify then answers 503 and closes connections as it drains).
   */
  attach(app: FastifyInstance): void {
    const server: Server = app.server;
    const framework = server.listeners('request') as ((
      req: IncomingMessage,
      res: ServerResponse,
    ) => void)[];
    if (framework.length !== 1) throw new Error('the memory lane expects one request listener');
    const next = framework[0]!;
    server.removeListener('request', next);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.serve(req, res)) next(req, res);
    });
    app.addHook('preClose', async () => {
      this.open = false;
    });
  }

  /** Answers the request from memory and says so, or leaves it untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || req.method !== 'GET') return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const route = this.routeOf(mark === -1 ? url : url.slice(0, mark));
    const known = route?.accepted.get(url);
    if (!known) return false;
    const started = performance.now();
    let bytes: JsonBytes | null;
    try {
      // Field by field, not `{ ...known }`: V8 pretenured the spread's objects (built from
      // cached values) and every request's went to the old generation (docs/PERFORMANCE.md).
      bytes = route!.answer({ params: known.params, query: known.query, request: req });
    } catch {
      // The framework's path meets the same failure and answers it (the error handler).
      return false;
    }
    if (!bytes) return false;
    bytes.write(req, res);
    this.answered += 1;
    this.log?.(req, res.statusCode, performance.now() - started);
    return true;
  }

  private routeOf(path: string): LaneRoute | undefined {
    const exact = this.exact.get(path);
    if (exact) return exact;
    for (const route of this.templates) {
      if (
        path.length > route.before.length + route.after.length &&
        path.startsWith(route.before) &&
        path.endsWith(route.after) &&
        !path.slice(route.before.length, path.length - route.after.length).includes('/')
      ) {
        return route;
      }
    }
    return undefined;
  }
}
