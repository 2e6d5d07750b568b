import type { FastifyInstance } from 'fastify';

/**
 * Every route the app registers, as `METHOD /path/:param` (the HEAD Fastify adds to each GET
 * left out), heard as each is added: tests compare it with the contract's endpoint table, so
 * a route added outside the table, or an entry never registered, fails them. Costs nothing per
 * request. Call before any route is registered.
 */
export function recordRoutes(app: FastifyInstance): readonly string[] {
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  return routes;
}
