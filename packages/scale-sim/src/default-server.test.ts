import { describe, expect, it } from 'vitest';
import { defaultServer } from './default-server';

describe('the simulator default server', () => {
  it('follows PORT like the server does, 3000 without it', () => {
    expect(defaultServer({ PORT: '3001' })).toBe('http://127.0.0.1:3001');
    expect(defaultServer({})).toBe('http://127.0.0.1:3000');
    expect(defaultServer({ PORT: 'abc' })).toBe('http://127.0.0.1:3000');
  });
});
