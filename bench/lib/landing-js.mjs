// Budget (docs/PERFORMANCE.md): the landing page's first-load JavaScript, at most 90 KB gzip. Reads
// the built index.html for the module entry and its modulepreload links, adds the landing screen's
// own chunk (routes are lazy, so "/" loads it right after the entry) with every chunk it imports
// statically or the entry preloads beside it, and the landing's texts wherever they are (English's
// in the entry, another language's in a chunk of its own: the largest such chunk), and sums their
// gzip sizes: what a browser fetches before the first screen shows, for the reader whose first load
// is largest. The other public first screens (/login, /register) are counted the same way by
// pageJs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './spawn-server.mjs';

export const webDist = new URL('apps/web/dist/', root).pathname;

/** The public first screens: each route's chunk name and a text it shows (locales/first-screen). */
export const FIRST_SCREENS = {
  '/': { chunk: 'landing', textKey: 'landing.headline' },
  '/login': { chunk: 'login', textKey: 'login.title' },
  '/register': { chunk: 'register', textKey: 'register.title' },
};

export function buildWeb() {
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** @returns {{ files: { path: string, bytes: number, gzipBytes: number }[], gzipKb: number, kb: number, entryGzipKb: number }} */
export function landingJs(dist = webDist) {
  return pageJs(FIRST_SCREENS['/'], dist);
}

/**
 * The first-load JavaScript of one public first screen. `requireTexts: false` allows a build
 * whose texts are written into the screens (before the catalogues), for comparisons.
 * @param {{ chunk: string, textKey: string }} screen
 */
export function pageJs({ chunk, textKey }, dist = webDist, { requireTexts = true } = {}) {
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the web app first`);
  const html = readFileSync(indexFile, 'utf8');
  const paths = new Set();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /type="module"/.test(tag)) paths.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /rel="modulepreload"/.test(tag)) paths.add(href);
  }
  const entries = [...paths];
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const read = (path) => readFileSync(join(dist, path.replace(/^\//, '')), 'utf8');
  const routes = assets.filter((f) => new RegExp(`^${chunk}-[\\w-]+\\.js$`).test(f));
  if (routes.length > 1) throw new Error(`several chunks could be ${chunk}: ${routes.join(', ')}`);
  const route = routes[0];
  if (route) {
    paths.add(`/assets/${route}`);
    for (const file of preloadedWith(route, entries.map(read))) paths.add(`/${file}`);
  }
  // The screen cannot show without its texts: the chunks holding one of its catalogue keys.
  const texts = assets
    .map((f) => `/assets/${f}`)
    .filter((path) => read(path).includes(`"${textKey}"`));
  if (texts.length === 0 && requireTexts)
    throw new Error(`no built file holds the text ${textKey}`);
  // English's are in the entry; another language's reader also fetches that language's chunk:
  // the largest such chunk is counted, so the figure is the costliest reader's.
  const fetched = texts.filter((path) => !paths.has(path));
  if (fetched.length > 0) {
    paths.add(fetched.reduce((a, b) => (read(a).length >= read(b).length ? a : b)));
  }
  // Static imports of every chunk found so far (minified: `from"./x.js"` or `import"./x.js"`).
  for (const path of paths) {
    const code = read(path);
    for (const [, file] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) {
      paths.add(`/assets/${file}`);
    }
  }
  const files = [...paths].map((path) => {
    const content = readFileSync(join(dist, path.replace(/^\//, '')));
    return { path, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
  const sum = (key) => files.reduce((total, f) => total + f[key], 0) / 1024;
  const entryGzipKb =
    files.filter((f) => entries.includes(f.path)).reduce((t, f) => t + f.gzipBytes, 0) / 1024;
  return { files, kb: sum('bytes'), gzipKb: sum('gzipBytes'), entryGzipKb };
}

/**
 * The JavaScript files Vite's entry preloads together with a lazy chunk:
 * `import(`./route-x.js`),__vite__mapDeps([3,1,4])` indexes the list `m.f=["assets/a.js",...]`.
 */
function preloadedWith(chunkFile, entryCodes) {
  for (const code of entryCodes) {
    const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1];
    const at = code.indexOf(`import(\`./${chunkFile}\`),__vite__mapDeps([`);
    if (!list || at < 0) continue;
    const start = code.indexOf('[', at + chunkFile.length + 10);
    const indexes = code
      .slice(start + 1, code.indexOf(']', start))
      .split(',')
      .map(Number);
    const files = JSON.parse(list);
    return indexes.map((i) => files[i]).filter((file) => file?.endsWith('.js'));
  }
  return [];
}
