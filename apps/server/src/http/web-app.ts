import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET that is not an API or socket path answered with index.html (the SPA's router decides).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
): Promise<boolean> {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    // Read the folder per request, so a rebuilt app is served without a restart.
    wildcard: true,
    index: ['index.html'],
    // Our own Cache-Control below; the plugin's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

export function isSpaRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/ws')) return false;
  // A missing asset is a 404, not the app's HTML under a script's name.
  return !/\.[a-z0-9]+$/i.test(path);
}
