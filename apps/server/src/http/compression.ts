import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This API route's replies are often over 1 KB: compress them for clients that ask. */
    compressible?: boolean;
  }
}

/** Route option of the API routes whose replies are worth compressing. */
export const COMPRESSIBLE = { config: { compressible: true } } as const;

/** The interactive API docs' page and files (megabytes of script) are compressed like the app's. */
const API_DOCS = '/api/docs';

/**
 * Compresses replies over 1 KB for clients that accept it: the web app's files and the API
 * routes marked COMPRESSIBLE (a long-time player's home, a game's state, rating histories, the
 * administrator's lists). Every other API route answers a few hundred bytes, so it gets none of
 * the plugin's hooks: an onSend hook alone, even one that does nothing, costs some 13 % of a
 * small reply's throughput, and the plugin's cost 25 % of /api/health although no client
 * sent Accept-Encoding. The leaderboard compresses its cached page itself, once per change.
 * Brotli where accepted, else gzip. Quality 2, not the plugin's 4: half the CPU (50 instead of
 * 110 µs for a leaderboard page, 2.9 instead of 4.7 ms for the app's entry script) for 10 % more
 * bytes, on a server that is CPU-bound. Compressed request bodies are not accepted: nothing the
 * app receives is large, and inflating them would get around the body limit. Register before
 * the routes.
 *
 * Every reply held in memory is compressed whole and sent with one `end()`, never streamed (the
 * plugin streams those over its `syncThreshold`, 8 KB on two cores). A streamed reply is not
 * finished until the client has taken all but the last socket buffer of it, and Node closes
 * only connections whose reply is finished when the server stops (Fastify's
 * `forceCloseConnections: 'idle'`, app.ts's drain): a client that stopped reading a large
 * compressed reply (a test that read only the headers of the API docs' script, or of a big
 * data export) held `server.stop()` until its socket timed out. Sent whole, the reply is
 * finished at once and the stopping server cuts the connection, as it does an uncompressed one.
 * Files (the web app's, the docs' scripts) are streams of their own and stay streamed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which skips routes with `compress: false`.
  app.addHook('onRoute', (route) => {
    const docs = route.url === API_DOCS || route.url.startsWith(`${API_DOCS}/`);
    if (route.url.startsWith('/api/') && !docs && route.config?.compressible !== true) {
      route.compress = false;
    }
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Whole, whatever the size (see above): a 700 KB JSON list takes 3 to 9 ms at quality 2.
    syncThreshold: Number.MAX_SAFE_INTEGER,
    brotliOptions: { params: BROTLI_PARAMS },
    globalDecompression: false,
  });
}

/** Brotli for text at quality 2 (see above); also the leaderboard's cached page. */
export const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 2,
};
