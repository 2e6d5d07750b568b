import { describe, expect, it } from 'vitest';
import { pathId } from './path-id';

describe('pathId', () => {
  it('reads a whole number from 1 to 999,999,999', () => {
    expect(pathId('1')).toBe(1);
    expect(pathId('42')).toBe(42);
    expect(pathId('999999999')).toBe(999_999_999);
  });

  it('names nothing for what is no id', () => {
    for (const text of [
      undefined,
      '',
      '0',
      '07',
      '1000000000',
      '-1',
      '1.5',
      '1e3',
      ' 1',
      'abc',
      '12a',
    ]) {
      expect(pathId(text)).toBeNull();
    }
  });
});
