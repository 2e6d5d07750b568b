import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonBytes } from './json-bytes';

const big = new JsonBytes(
  Array.from({ length: 80 }, (_, i) => ({ id: i, playerName: `Player ${i}` })),
);
const small = new JsonBytes({ status: 'ok' });

/** What a client sees of a reply, but the date (fetch decompresses, the headers tell). */
async function seen(url: string, acceptEncoding: string) {
  const res = await fetch(url, { headers: { 'accept-encoding': acceptEncoding } });
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

// The memory lane writes JsonBytes to node's response itself (write()); the framework's path
// sends them through Fastify (send()): a client must not tell the two apart.
describe('JsonBytes', () => {
  const fastify = Fastify();
  let raw: Server;
  let fastifyUrl = '';
  let rawUrl = '';

  beforeAll(async () => {
    fastify.get('/big', (request, reply) => big.send(request, reply));
    fastify.get('/small', (request, reply) => small.send(request, reply));
    fastifyUrl = await fastify.listen({ port: 0, host: '127.0.0.1' });
    raw = createServer((req, res) => (req.url === '/big' ? big : small).write(req, res));
    raw.keepAliveTimeout = fastify.server.keepAliveTimeout; // the one header that may differ
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fastify.close();
    await new Promise((resolve) => raw.close(resolve));
  });

  it.each([
    ['/big', 'gzip'],
    ['/big', 'br, gzip'],
    ['/big', 'identity'],
    ['/small', 'br, gzip'],
  ])('writes %s (accept-encoding %s) as send() does', async (path, encoding) => {
    const viaFastify = await seen(`${fastifyUrl}${path}`, encoding);
    const written = await seen(`${rawUrl}${path}`, encoding);
    expect(written).toEqual(viaFastify);
    expect(written.status).toBe(200);
  });

  it('compresses only what is worth it, as the client accepts', async () => {
    expect((await seen(`${rawUrl}/big`, 'br')).headers['content-encoding']).toBe('br');
    expect((await seen(`${rawUrl}/big`, 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await seen(`${rawUrl}/big`, 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await seen(`${rawUrl}/small`, 'br')).headers['content-encoding']).toBeUndefined();
  });
});
