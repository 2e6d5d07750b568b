import { afterEach, describe, expect, it } from 'vitest';

describe('zod settings for the CSP', () => {
  const original = globalThis.Function;
  afterEach(() => {
    globalThis.Function = original;
  });

  it('keeps zod from trying new Function, and zod still parses', async () => {
    let constructed = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        constructed += 1;
        return Reflect.construct(target, args);
      },
    });
    await import('./zod-settings');
    const { z } = await import('zod');
    const schema = z.object({ name: z.string().min(1), games: z.number().int() });
    expect(schema.parse({ name: 'Anna', games: 3 })).toEqual({ name: 'Anna', games: 3 });
    expect(schema.safeParse({ name: '', games: 1.5 }).success).toBe(false);
    expect(constructed).toBe(0);
  });
});
