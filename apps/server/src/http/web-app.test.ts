import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE, registerCompression } from './compression';
import { registerWebApp } from './web-app';

describe('the built web app and compression', () => {
  const dist = mkdtempSync(join(tmpdir(), 'beerscale-web-'));
  const app = Fastify();
  const script = `export const x = ${JSON.stringify('beer '.repeat(600))};`;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>beerscale</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    await registerCompression(app);
    await registerWebApp(app, dist);
    const rows = () => ({ rows: Array.from({ length: 300 }, (_, id) => ({ id })) });
    app.get('/api/big', COMPRESSIBLE, async () => rows());
    app.get('/api/unmarked', async () => rows());
    app.get('/api/small', COMPRESSIBLE, async () => ({ ok: true }));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('never caches index.html', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API JSON over 1 KB for clients that accept it, and only for them', async () => {
    const brotli = await app.inject({
      url: '/api/big',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: '/api/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().rows).toHaveLength(300);
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves API routes not marked compressible without its hooks', async () => {
    const res = await app.inject({ url: '/api/unmarked', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().rows).toHaveLength(300);
  });
});
