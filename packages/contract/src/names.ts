// Rules every name shares (usernames, player names, typed fast-game names, game names, scale
// names). A name is shown to other people, often inside a sentence (an invitation toast, a
// scale's display): characters that change how the text around them is laid out, or that
// cannot be seen at all, let one name garble or impersonate another.

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, the bidirectional marks,
 * embeddings, overrides and isolates, the zero-width characters, every other character Unicode
 * marks as ignorable when rendering (soft hyphen U+00AD, combining grapheme joiner U+034F,
 * Mongolian vowel separator U+180E, invisible operators U+2061-U+2064, tags U+E0000-U+E0FFF,
 * Hangul fillers U+115F, U+1160, U+3164, U+FFA0...) but the emoji variation selectors
 * U+FE0E/U+FE0F, and characters drawn as a blank (the Braille blank U+2800).
 */
const HIDDEN_CHARACTER =
  /[\p{Cc}\u2028\u2029\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF\u2800]|(?![\uFE0E\uFE0F])\p{Default_Ignorable_Code_Point}/u;

/** The one form a name is stored and compared in: an "é" typed two ways is one name. */
export function normalizeName(value: string): string {
  return value.normalize('NFC');
}

/** Whether the name holds a control, text-direction or invisible character. */
export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTER.test(value);
}

const HIDDEN_RUN = new RegExp(`\\s*(?:(?:${HIDDEN_CHARACTER.source})\\s*)+`, 'gu');

/**
 * The key two names of one game must not share: names that differ only in upper and lower case
 * ("Anna" and "anna") would be told apart by nobody at the table.
 */
export function sameNameKey(value: string): string {
  return normalizeName(value).trim().toLowerCase();
}

/**
 * For free text people read that cannot be refused without losing more than it protects (a
 * scale's reason for refusing a command, sent mid-game): composed like a name, each run of
 * hidden characters with the spaces around it one space, the ends trimmed.
 */
export function withoutHiddenCharacters(value: string): string {
  return normalizeName(value).replace(HIDDEN_RUN, ' ').trim();
}

// Scripts whose letters are checked; a letter of any other script counts as "other". Digits,
// punctuation and symbols are Common, combining marks Inherited: both fit with any script.
const SCRIPT_NAMES = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Tifinagh',
  'Coptic',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
  'Yi',
] as const;

const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
let scriptPatterns: [string, RegExp][] | null = null;

function scriptOf(character: string): string | null {
  if (NEUTRAL.test(character)) return null;
  scriptPatterns ??= SCRIPT_NAMES.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')]);
  for (const [name, pattern] of scriptPatterns) if (pattern.test(character)) return name;
  return 'other';
}

// Writing systems that mix scripts by nature (UTS #39, "highly restrictive"): Japanese,
// Chinese with Bopomofo, Korean, each possibly with Latin.
const MIXED_BY_NATURE = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/**
 * Whether the letters come from more than one script, as in "pаypal" with a Cyrillic "а":
 * such a name can look exactly like another one.
 */
export function mixesScripts(value: string): boolean {
  const scripts = new Set<string>();
  for (const character of value) {
    const script = scriptOf(character);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return false;
  return !MIXED_BY_NATURE.some((allowed) => [...scripts].every((s) => allowed.includes(s)));
}
