import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { JsonBytes } from './json-bytes';

/**
 * What a route answers from memory: the bytes it would send, or null when it does not have them
 * at hand (then the request takes the framework's path, which reads and remembers them).
 */
export type MemoryAnswer = (input: {
  query: unknown;
  request: IncomingMessage;
}) => JsonBytes | null;

/** Writes the request's log line, as the framework's path writes it (request-log.ts). */
export type LaneLog = (request: IncomingMessage, statusCode: number, elapsedMs: number) => void;

/** At most this many distinct query strings are remembered as accepted, per route. */
const ACCEPTED_QUERIES_MAX = 64;

interface LaneRoute {
  answer: MemoryAnswer;
  /** Raw query string -> the query the endpoint parsed from it on the framework's path. */
  accepted: Map<string, { query: unknown }>;
}

/**
 * The hot reads answered before the framework (docs/PERFORMANCE.md, "The memory lane"): GET
 * /api/health, the leaderboard and home, whose replies are bytes kept in memory. Through
 * Fastify such a request cost 7-10 µs of CPU more than node:http answering the same bytes
 * (routing, the request and reply objects, a child logger, the hook and send pipeline), which
 * is most of the gap to the budgets. The lane answers only what the framework's path would
 * answer the same way: an exact path of a route that offers an answer, a query string that
 * route accepted before (so it never parses or refuses anything itself), and bytes the route
 * has at hand; everything else, and every request once the server is closing, goes to Fastify.
 * Its replies carry the same headers (the reply class adds the security headers to both) and
 * the same log line; memory-lane.test.ts compares them with the framework's.
 */
export class MemoryLane {
  private readonly routes = new Map<string, LaneRoute>();
  private open = true;
  /** Requests the lane answered (its tests read it). */
  answered = 0;

  constructor(private readonly log: LaneLog | null) {}

  /** Offers `answer` for GET `path` (no path parameters), for the queries accept() reports. */
  add(path: string, answer: MemoryAnswer): void {
    if (path.includes(':')) throw new Error(`${path}: the memory lane takes exact paths only`);
    this.routes.set(path, { answer, accepted: new Map() });
  }

  /** Whether `path` has an answer in the lane (the framework's route then reports its queries). */
  has(path: string): boolean {
    return this.routes.has(path);
  }

  /** The framework's path parsed this query string for `path`: the lane may now take it. */
  accept(path: string, rawQuery: string, query: unknown): void {
    const accepted = this.routes.get(path)?.accepted;
    if (!accepted || accepted.has(rawQuery) || accepted.size >= ACCEPTED_QUERIES_MAX) return;
    accepted.set(rawQuery, { query });
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
    const route = this.routes.get(mark === -1 ? url : url.slice(0, mark));
    if (!route) return false;
    const rawQuery = mark === -1 ? '' : url.slice(mark + 1);
    const known = route.accepted.get(rawQuery);
    if (!known) return false;
    const started = performance.now();
    const bytes = route.answer({ query: known.query, request: req });
    if (!bytes) return false;
    bytes.write(req, res);
    this.answered += 1;
    this.log?.(req, res.statusCode, performance.now() - started);
    return true;
  }
}
