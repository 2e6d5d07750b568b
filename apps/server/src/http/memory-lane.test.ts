import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonBytes } from './json-bytes';
import { MemoryLane } from './memory-lane';

/**
 * The lane itself on a real Fastify app and port (test/memory-lane.test.ts holds its replies
 * to the framework's): what it takes, and that it stops answering once the app starts closing,
 * so Fastify alone answers (503) and drains.
 */
describe('the memory lane', () => {
  let close: (() => Promise<unknown>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  async function started(whileClosing?: (lane: MemoryLane) => void) {
    const app = Fastify();
    const lane = new MemoryLane(null);
    const bytes = new JsonBytes({ from: 'memory' });
    lane.add('/api/items/{id}', ({ params }) => (params.id === 'known' ? bytes : null));
    app.get('/api/items/:id', async () => ({ from: 'framework' }));
    lane.attach(app);
    // Hooks run in the order they were added: this one after the lane's, the port still open.
    if (whileClosing) app.addHook('preClose', async () => whileClosing(lane));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    return { app, lane, base };
  }

  const from = async (url: string) => ((await (await fetch(url)).json()) as { from: string }).from;

  it('answers only the URLs accepted for it, and only with bytes at hand', async () => {
    const { lane, base } = await started();
    expect(await from(`${base}/api/items/known`)).toBe('framework');
    lane.accept('/api/items/{id}', '/api/items/known', { params: { id: 'known' }, query: {} });
    lane.accept('/api/items/{id}', '/api/items/other', { params: { id: 'other' }, query: {} });
    expect(await from(`${base}/api/items/known`)).toBe('memory');
    expect(await from(`${base}/api/items/known?x=1`)).toBe('framework');
    expect(await from(`${base}/api/items/other`)).toBe('framework');
    expect(await from(`${base}/api/items/known/more`)).not.toBe('memory');
    expect(lane.answered).toBe(1);
  });

  it('answers nothing once the app is closing', async () => {
    let servedWhileClosing: boolean | null = null;
    const { app, lane, base } = await started((closing) => {
      const request = { method: 'GET', url: '/api/items/known' } as never;
      servedWhileClosing = closing.serve(request, {} as never);
    });
    lane.accept('/api/items/{id}', '/api/items/known', { params: { id: 'known' }, query: {} });
    expect(await from(`${base}/api/items/known`)).toBe('memory');
    await app.close();
    close = null;
    expect(servedWhileClosing).toBe(false);
    expect(lane.answered).toBe(1);
  });

  it('refuses a path with more than one parameter, or a parameter within a segment', () => {
    const lane = new MemoryLane(null);
    expect(() => lane.add('/api/{a}/{b}', () => null)).toThrow(/at most one parameter/);
    expect(() => lane.add('/api/x{a}', () => null)).toThrow(/at most one parameter/);
  });
});
