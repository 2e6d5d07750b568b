import { describe, expect, it } from 'vitest';
import { coverage, fontsFor, parseRanges } from './card-fonts';

/** Names as players type them, one script each (and a mix). */
const NAMES = {
  german: 'Jürgen Groß',
  vietnamese: 'Nguyễn Thị Ánh',
  greek: 'Ελένη Παπαδοπούλου',
  cyrillic: 'Дмитрий Шостакович',
  arabic: 'محمد العربي',
  hebrew: 'שרה כהן',
  chinese: '王小明',
  japanese: 'さくら カタカナ 漢字',
  korean: '김민수 박지성',
  emoji: 'Bier 🍺🎉👍🏽 🇩🇪',
};

describe('the result card fonts', () => {
  it('have a font for every character of names in Latin, Greek, Cyrillic, Arabic, Hebrew, CJK and emoji', () => {
    for (const [script, name] of Object.entries(NAMES)) {
      expect(coverage(name).missing, script).toEqual([]);
    }
  });

  it('load only the subsets a text needs', () => {
    expect(coverage('Freitagsrunde 3').subsets).toEqual(['Inter latin']);
    expect(coverage(NAMES.greek).subsets).toEqual(['Inter greek', 'Inter latin']);
    expect(coverage(NAMES.arabic).subsets).toEqual(['Inter latin', 'Noto Sans Arabic arabic']);
    expect(
      coverage(NAMES.korean).subsets.every((s) => /^Inter latin$|^Noto Sans (SC|KR) /.test(s)),
    ).toBe(true);
    expect(coverage('🍺').subsets).toEqual(['Inter latin', expect.stringMatching(/^Noto Emoji /)]);
  });

  it('give satori each subset in its weights under one name per subset, the same array for the same text', () => {
    const first = fontsFor(NAMES.hebrew);
    expect(first.fontFamily).toBe('"Inter latin", "Noto Sans Hebrew hebrew"');
    expect(first.fonts.map((f) => `${f.name} ${f.weight}`)).toEqual([
      'Inter latin 400',
      'Inter latin 700',
      'Noto Sans Hebrew hebrew 400',
      'Noto Sans Hebrew hebrew 700',
    ]);
    expect(first.fonts.every((f) => f.data.byteLength > 1000)).toBe(true);
    // satori keeps its parsed fonts per array: the same array again costs no parsing.
    expect(fontsFor('שלום').fonts).toBe(first.fonts);
  });

  it('reads unicode-range lists', () => {
    expect(parseRanges('U+0600-06FF, U+200C,U+1F1E6-1F1FF')).toEqual([
      [0x600, 0x6ff],
      [0x200c, 0x200c],
      [0x1f1e6, 0x1f1ff],
    ]);
  });
});
