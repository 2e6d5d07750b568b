import { vi } from 'vitest';
import type { z } from 'zod';
import {
  successStatus,
  type BodyOf,
  type Endpoint,
  type ReplyOf,
} from '@beerscale/contract/api/endpoint';

/** One call the stubbed server received: its entry's path template, the path and the body. */
export interface ApiCall {
  endpoint: Endpoint;
  path: string;
  params: Record<string, string>;
  body: unknown;
}

type Handler<E extends Endpoint> = (call: {
  params: Record<string, string>;
  body: BodyOf<E>;
}) => ReplyOf<E> | Response;

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  handler: (call: { params: Record<string, string>; body: unknown }) => unknown;
}

/**
 * A fetch stub answering by contract table entries: a request is matched by method and path
 * template, its body is parsed with the entry's body schema (a body the server would refuse
 * fails the test, as the server would answer 400), and the handler's reply is checked against
 * the entry's success reply. Unmatched requests answer 404, as the server does.
 */
export class ContractApi {
  readonly calls: ApiCall[] = [];
  private readonly routes: Route[] = [];

  on<E extends Endpoint>(endpoint: E, handler: Handler<E>): this {
    const names: string[] = [];
    const source = endpoint.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
      names.push(name);
      return '([^/?]+)';
    });
    this.routes.push({
      endpoint,
      pattern: new RegExp(`^${source}(?:\\?.*)?$`),
      names,
      handler: handler as Route['handler'],
    });
    return this;
  }

  /** The bodies sent to one entry, parsed by its schema, oldest first. */
  bodies<E extends Endpoint>(endpoint: E): BodyOf<E>[] {
    return this.calls.filter((c) => c.endpoint === endpoint).map((c) => c.body as BodyOf<E>);
  }

  install(): void {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        for (const route of this.routes) {
          const match = route.endpoint.method === method ? route.pattern.exec(path) : null;
          if (!match) continue;
          const params = Object.fromEntries(
            route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
          );
          const raw = init?.body ? JSON.parse(String(init.body)) : undefined;
          const schema = route.endpoint.body as z.ZodType | undefined;
          const body = schema ? schema.parse(raw) : raw;
          this.calls.push({ endpoint: route.endpoint, path, params, body });
          const reply = route.handler({ params, body });
          if (reply instanceof Response) return reply;
          const status = successStatus(route.endpoint);
          const replySchema = route.endpoint.replies[status] as z.ZodType;
          return Response.json(replySchema.parse(reply), { status });
        }
        return Response.json({ error: `No stub for ${method} ${path}` }, { status: 404 });
      }),
    );
  }
}
