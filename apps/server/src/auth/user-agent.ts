/**
 * A User-Agent header shortened to what a person recognises a device by: "Firefox 132 on
 * Windows". A handful of rules rather than a parser library: the label is only shown to the
 * account's owner, nothing is decided on it, and the browsers people use are few (a library
 * would bring thousands of rules for bots and TVs to name one line). Order matters: Edge, Opera
 * and Samsung Internet also say "Chrome", Chrome also says "Safari", iPads may say "Macintosh".
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

export function describeUserAgent(header: string | null | undefined): string {
  if (!header) return UNKNOWN_DEVICE;
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(header);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1] ?? null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}

/** What is stored of the header: enough to describe it, never an unbounded string. */
export function storedUserAgent(header: string | undefined): string | null {
  return header ? header.slice(0, 512) : null;
}
