/**
 * Deterministic hostile values for the fuzz tests: a seeded PRNG (mulberry32) and generators of
 * wrong types, boundary numbers, odd text, nesting and structural mutations of valid inputs.
 * The same seed always yields the same cases, so a failure can be replayed with FUZZ_SEED.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** FNV-1a: a stable seed per route or message type from the run's seed. */
export function seedOf(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '   ',
  'a',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202eevil',
  '\u200b',
  '😀😀😀',
  '👨‍👩‍👧‍👦',
  'Ｆｕｌｌ',
  'e\u0301',
  '\n\r\t',
  '\u001b[31m',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '${7*7}',
  '{{7*7}}',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e99',
  '0x10',
  ' 1',
  '1.5',
  '١٢٣',
  '__proto__',
  'constructor',
  'true',
  'false',
  '[]',
  '{}',
  'AABBCCDDEEFF',
  'aabbccddeeff',
  'AA:BB:CC:DD:EE:FF',
  'BEER_BOTTLE',
  'beer_can',
  'accepted',
  'searching',
  'offline',
];

/** Lengths around every length limit of the contract and the body limit. */
export const STRING_LENGTHS = [
  2, 3, 9, 10, 11, 12, 13, 29, 30, 31, 32, 33, 49, 50, 51, 59, 60, 61, 63, 64, 99, 100, 101, 199,
  200, 201, 254, 255, 1000, 10_000, 40_000,
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  0.1 + 0.2,
  1e-300,
  1e300,
  -1e300,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e20,
  4999.9,
  5000,
  5000.0001,
  5001,
  2,
  9,
  10,
  11,
  50,
  51,
  59,
  60,
  61,
  99,
  100,
  101,
  1000.05,
  -1000.05,
];

/** Extra keys that a careless handler might trust. */
export const EXTRA_KEYS = [
  'extra',
  'isAdmin',
  'is_admin',
  'role',
  'userId',
  'user_id',
  'creator_id',
  'owner_id',
  'approved',
  'status',
  'id',
  'constructor',
  'prototype',
  'toString',
  '',
  ' ',
  '😀',
  'k'.repeat(300),
  'wifi_password',
  'password_hash',
];

const CODE_POINT_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0xa0, 0xff],
  [0x300, 0x36f],
  [0x590, 0x6ff],
  [0x200b, 0x202e],
  [0x4e00, 0x4e80],
  [0xd800, 0xdfff],
  [0xfff0, 0xffff],
  [0x1f600, 0x1f64f],
  [0x10fff0, 0x10ffff],
];

export function randomText(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    const [lo, hi] = rng.pick(CODE_POINT_RANGES);
    const cp = lo + rng.int(hi - lo + 1);
    // Surrogate halves on purpose: lone ones are the hostile part.
    out += cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
  }
  return out;
}

/** Characters that storage, encodings and terminals treat specially. */
export const CRITICAL_CHARS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\u001b',
  '\r\n',
  '\\',
  "'",
  '"',
  '%',
  '<',
  '😀',
];

/** A string with one critical character put at a random place, often still within limits. */
export function withCriticalChar(rng: Rng, text: string): string {
  const at = rng.int(text.length + 1);
  return text.slice(0, at) + rng.pick(CRITICAL_CHARS) + text.slice(at);
}

export function hostileString(rng: Rng): string {
  switch (rng.int(6)) {
    case 0:
      return withCriticalChar(rng, rng.pick(['', 'a', 'ab', 'Name']));
    case 1:
      return rng.pick(HOSTILE_STRINGS);
    case 2:
      return rng.pick(['x', 'é', '9', '<', '😀']).repeat(rng.pick(STRING_LENGTHS));
    case 3:
      return randomText(rng, 1 + rng.int(24));
    default:
      return rng.pick(HOSTILE_STRINGS) + randomText(rng, rng.int(4));
  }
}

/** Any JSON value: wrong types, nulls, boundary numbers, odd text, arrays, (deep) objects. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 6 : 10)) {
    case 0:
    case 1:
      return hostileString(rng);
    case 2:
    case 3:
      return rng.pick(HOSTILE_NUMBERS);
    case 4:
      return rng.pick([true, false, null, 0, '', [], {}]);
    case 5:
      return rng.int(400) - 200;
    case 6:
      return Array.from({ length: rng.pick([0, 1, 2, 3, 11, 50]) }, () =>
        hostileValue(rng, depth + 1),
      );
    case 7: {
      const out: Record<string, unknown> = {};
      for (let i = rng.int(4); i > 0; i -= 1)
        out[rng.pick(EXTRA_KEYS)] = hostileValue(rng, depth + 1);
      return out;
    }
    case 8:
      return nested(rng.pick([10, 100, 1000]), rng.chance(0.5));
    default:
      return rng.chance(0.5)
        ? [hostileValue(rng, depth + 1)]
        : { value: hostileValue(rng, depth + 1) };
  }
}

function nested(depth: number, asArray: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

type Path = (string | number)[];

function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...path, i], out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
  }
  return out;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);
}

/**
 * One structural mutation of a valid input at a random place: a value replaced by a hostile
 * one, a field or item dropped, an unknown field added, a list blown past its limits, or the
 * whole input replaced. Returns the new value and what was done.
 */
export function mutate(rng: Rng, base: unknown): { value: unknown; label: string } {
  const root = structuredClone(base);
  const path = rng.pick(pathsOf(root));
  const parentPath = path.slice(0, -1);
  const key = path.at(-1);
  const parent = path.length ? getAt(root, parentPath) : undefined;
  const target = getAt(root, path);
  const where = path.length ? path.join('.') : '(root)';
  const op = rng.int(6);
  if (path.length === 0 || op === 0) {
    const value = hostileValue(rng);
    if (path.length === 0) return { value, label: `whole input := ${brief(value)}` };
    (parent as Record<string | number, unknown>)[key!] = value;
    return { value: root, label: `${where} := ${brief(value)}` };
  }
  if (op === 1) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete (parent as Record<string, unknown>)[key as string];
    return { value: root, label: `${where} dropped` };
  }
  if (op === 2 && target && typeof target === 'object' && !Array.isArray(target)) {
    const extra = rng.pick(EXTRA_KEYS);
    (target as Record<string, unknown>)[extra] = hostileValue(rng);
    return { value: root, label: `${where}.${extra} added` };
  }
  if (op === 3 && Array.isArray(target)) {
    const copies = rng.pick([0, 11, 12, 101]);
    const item = target[0] ?? hostileValue(rng);
    const blown = Array.from({ length: copies }, () => structuredClone(item));
    target.splice(0, target.length, ...blown);
    return { value: root, label: `${where} has ${copies} items` };
  }
  const value =
    typeof target === 'string'
      ? rng.pick([
          () => hostileString(rng),
          () => target + randomText(rng, 1 + rng.int(3)),
          () => withCriticalChar(rng, target),
        ])()
      : typeof target === 'number'
        ? rng.pick(HOSTILE_NUMBERS)
        : hostileValue(rng);
  (parent as Record<string | number, unknown>)[key!] = value;
  return { value: root, label: `${where} := ${brief(value)}` };
}

/** A value marker that raw JSON text replaces with a literal JSON.stringify cannot write. */
export const RAW_MARK = '__raw_literal__';

/** Literals for RAW_MARK: some valid JSON with odd meaning, some not JSON at all. */
export const RAW_LITERALS = [
  '1e999',
  '-1e999',
  '1e-999',
  '-0',
  '123456789012345678901234567890',
  '0.1e1',
  '"\\u0000"',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  'NaN',
  'Infinity',
  'undefined',
  '0x10',
  '.5',
  '01',
  "'single'",
  '"unterminated',
  '[1,]',
  '{"a":1,}',
];

/** Short description of a value for failure messages. */
export function brief(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...(${text.length})` : text;
}

/** Puts a hostile literal in place of a random value of a valid input, as raw JSON text. */
export function withRawLiteral(rng: Rng, base: unknown): { text: string; label: string } {
  const root = structuredClone(base);
  const paths = pathsOf(root).filter((p) => p.length > 0);
  const literal = rng.pick(RAW_LITERALS);
  if (paths.length === 0) return { text: literal, label: `raw ${literal}` };
  const path = rng.pick(paths);
  (getAt(root, path.slice(0, -1)) as Record<string | number, unknown>)[path.at(-1)!] = RAW_MARK;
  return {
    text: JSON.stringify(root).replace(`"${RAW_MARK}"`, literal),
    label: `${path.join('.')} := raw ${literal}`,
  };
}

/** Raw bodies that are not what a JSON API expects, whatever the route. */
export function rawJunk(rng: Rng, base: unknown): { text: string; label: string } {
  const json = JSON.stringify(base ?? {});
  switch (rng.int(12)) {
    case 0:
      return { text: json.slice(0, rng.int(Math.max(1, json.length))), label: 'truncated JSON' };
    case 1:
      return {
        text: `${json}${rng.pick(['x', ',', '}', ' {}', '\u0000'])}`,
        label: 'trailing junk',
      };
    case 2:
      return { text: `\ufeff${json}`, label: 'byte order mark' };
    case 3:
      return { text: '['.repeat(20_000) + ']'.repeat(20_000), label: 'arrays nested 20000 deep' };
    case 4:
      return {
        text: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
        label: 'objects nested 10000 deep',
      };
    case 5:
      return {
        text: `{"__proto__":{"isAdmin":true,"is_admin":1},${json.slice(1)}`,
        label: '__proto__ pollution',
      };
    case 6:
      return {
        text: `{"constructor":{"prototype":{"isAdmin":true}},${json.slice(1)}`,
        label: 'constructor.prototype pollution',
      };
    case 7: {
      // Exactly at and just over the 64 KB body limit.
      const size = rng.pick([65_536, 65_537, 200_000]);
      const pad = JSON.stringify({ pad: '' }).length;
      return {
        text: JSON.stringify({ pad: 'p'.repeat(Math.max(0, size - pad)) }),
        label: `${size}-byte body`,
      };
    }
    case 8:
      return {
        text: rng.pick(['', ' ', '\n', 'null', 'true', '0', '""', '"x"', '[]']),
        label: 'bare value',
      };
    case 9:
      return { text: json.replace(/":/, '":1,"x":'), label: 'duplicate/garbled keys' };
    case 10:
      return { text: randomText(rng, 1 + rng.int(200)), label: 'random text' };
    default:
      return withRawLiteral(rng, base);
  }
}
