import type { FastifyInstance } from 'fastify';

/**
 * Every route the running app answers, as `METHOD /path/:param` (HEAD, which Fastify adds to
 * each GET, left out), read from Fastify's own route tree. Tests that must cover every route
 * compare their tables with this, so a route added without a test entry fails them.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    // "│   ├── /:id/status (PUT)": four characters per level, then the segment and its methods.
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${match[2]}`;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  if (routes.length === 0) throw new Error(`no routes read from:\n${tree}`);
  return [...new Set(routes)].sort();
}
