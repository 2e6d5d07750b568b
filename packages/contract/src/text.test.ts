import { describe, expect, it } from 'vitest';
import { containsUnstorableText, isStorableText } from './text';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogate halves, keeps everything else', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udfff\ud800'])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Anna', '😀', 'e\u0301', '<img src=x>', '\u202e', '\t\n', 'ＡＢ'])
      expect(isStorableText(good), good).toBe(true);
  });

  it('looks into every string and key of nested input, however deep', () => {
    expect(containsUnstorableText({ a: [1, { b: 'ok' }] })).toBe(false);
    expect(containsUnstorableText({ a: [1, { b: 'n\u0000' }] })).toBe(true);
    expect(containsUnstorableText({ ['k\ud800']: 1 })).toBe(true);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(containsUnstorableText(deep)).toBe(true);
    expect(containsUnstorableText(null)).toBe(false);
    expect(containsUnstorableText(42)).toBe(false);
  });
});
