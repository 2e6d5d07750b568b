import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'satori';

const require = createRequire(import.meta.url);

/**
 * The fonts a result card may need, from @fontsource packages installed with the app. Each
 * package is cut into subsets by Unicode range (Noto Sans SC alone into a hundred files of a few
 * dozen KB): a card loads only the subsets its texts use, read on the first card that needs them
 * and kept. satori needs the fonts' bytes as .woff (not .woff2). In the order tried for a
 * character: the first family that covers it draws it.
 *
 * - Inter: Latin (German), Latin Extended, Vietnamese, Greek and Cyrillic.
 * - Noto Sans Arabic and Hebrew: only their own script (Inter's Latin stays the Latin).
 * - Noto Emoji: emoji in outline (satori draws a font's glyphs in one colour). Before the CJK
 *   fonts, whose subsets list some emoji ranges they draw no glyph for.
 * - Noto Sans SC: Chinese and Japanese (kana and kanji); Noto Sans KR: Korean (its subsets
 *   cover the Hangul syllables that SC's leave out).
 */
const FAMILIES: readonly Family[] = [
  { name: 'Inter', pkg: 'inter', weights: [400, 700] },
  { name: 'Noto Sans Arabic', pkg: 'noto-sans-arabic', weights: [400, 700], only: ['arabic'] },
  { name: 'Noto Sans Hebrew', pkg: 'noto-sans-hebrew', weights: [400, 700], only: ['hebrew'] },
  { name: 'Noto Emoji', pkg: 'noto-emoji', weights: [400] },
  { name: 'Noto Sans SC', pkg: 'noto-sans-sc', weights: [400, 700] },
  { name: 'Noto Sans KR', pkg: 'noto-sans-kr', weights: [400, 700] },
];

interface Family {
  name: string;
  /** The package's name under @fontsource/, also its files' prefix. */
  pkg: string;
  weights: readonly number[];
  /** The subsets used; all when unset. */
  only?: readonly string[];
}

interface Subset {
  family: Family;
  /** The subset's name in the package's files: `latin`, `arabic`, `119` (for `[119]`). */
  name: string;
  ranges: [number, number][];
}

/** The subset always loaded: the card's own words, digits and marks. */
const BASE = 'Inter latin';

let subsets: Subset[] | null = null;

/** Every family's subsets in order, with their Unicode ranges (the package's unicode.json). */
function allSubsets(): Subset[] {
  if (subsets) return subsets;
  subsets = FAMILIES.flatMap((family) => {
    const table = JSON.parse(
      readFileSync(require.resolve(`@fontsource/${family.pkg}/unicode.json`), 'utf8'),
    ) as Record<string, string>;
    return Object.entries(table)
      .map(([key, ranges]) => ({
        family,
        name: key.replace(/^\[(\d+)\]$/, '$1'),
        ranges: parseRanges(ranges),
      }))
      .filter((subset) => !family.only || family.only.includes(subset.name));
  });
  return subsets;
}

/** `U+0600-06FF,U+200C` as inclusive code point ranges. */
export function parseRanges(ranges: string): [number, number][] {
  return ranges.split(',').map((range) => {
    const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from!, 16);
    return [start, to === undefined ? start : parseInt(to, 16)];
  });
}

const label = (subset: Subset) => `${subset.family.name} ${subset.name}`;

/**
 * Characters nothing is drawn for: joiners, variation selectors, direction marks and other
 * format characters, and white space. A font for them alone would be loaded for nothing.
 */
const INVISIBLE = /[\p{Cf}\p{White_Space}\u{FE00}-\u{FE0F}]/u;

/**
 * The subsets that draw `text`, by name (`Inter latin`, `Noto Sans SC 119`): the base subset
 * and, for each other character, the first subset in family order that covers it; and the
 * characters no subset covers (satori draws a box for those: no font here has them).
 */
export function coverage(text: string): { subsets: string[]; missing: string[] } {
  const all = allSubsets();
  const needed = new Set<Subset>(all.filter((subset) => label(subset) === BASE));
  const missing: string[] = [];
  const seen = new Set<number>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (seen.has(code) || INVISIBLE.test(char)) continue;
    seen.add(code);
    const covering = all.find((subset) =>
      subset.ranges.some(([from, to]) => code >= from && code <= to),
    );
    if (covering) needed.add(covering);
    else missing.push(char);
  }
  return { subsets: all.filter((subset) => needed.has(subset)).map(label), missing };
}

export const subsetsFor = (text: string): string[] => coverage(text).subsets;

const files = new Map<string, Buffer>();
/** One array per set of subsets: satori keeps its parsed fonts per array it was given. */
const fontSets = new Map<string, Font[]>();
const FONT_SETS_KEPT = 64;

/** satori's fonts for `text`: the subsets it needs, each in the family's weights. */
export function fontsFor(text: string): { fonts: Font[]; fontFamily: string } {
  const names = subsetsFor(text);
  const key = names.join('|');
  let fonts = fontSets.get(key);
  if (!fonts) {
    const byLabel = new Map(allSubsets().map((subset) => [label(subset), subset]));
    fonts = names.flatMap((name) => {
      const subset = byLabel.get(name)!;
      return subset.family.weights.map((weight) => ({
        name,
        weight: weight as Font['weight'],
        style: 'normal' as const,
        data: fontFile(subset, weight),
      }));
    });
    if (fontSets.size >= FONT_SETS_KEPT) fontSets.delete(fontSets.keys().next().value!);
    fontSets.set(key, fonts);
  }
  return { fonts, fontFamily: names.map((name) => `"${name}"`).join(', ') };
}

function fontFile(subset: Subset, weight: number): Buffer {
  const file = `@fontsource/${subset.family.pkg}/files/${subset.family.pkg}-${subset.name}-${weight}-normal.woff`;
  let data = files.get(file);
  if (!data) {
    data = readFileSync(require.resolve(file));
    files.set(file, data);
  }
  return data;
}
