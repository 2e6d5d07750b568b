import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses replies over 1 KB for clients that accept it: API JSON (a leaderboard page shrinks
 * about five times) and the web app's files. Brotli at quality 4 where accepted, else gzip.
 * Compressed request bodies are not accepted: nothing the app receives is large, and inflating
 * them would get around the body limit. Register before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
