// Prints the first-load JavaScript (gzip) of /, /login and /register of a built web app, and
// whether zod is in it: `node bench/first-load-js.mjs [dist]` (default apps/web/dist). Counted as
// the landing-js benchmark counts "/" (lib/landing-js.mjs).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FIRST_SCREENS, pageJs, webDist } from './lib/landing-js.mjs';

// Names zod's classes carry in a minified bundle (zod v4: `$constructor("ZodError", ...)`).
const ZOD_MARKERS = ['ZodError', '$ZodType'];

const dist = process.argv[2] ? resolve(process.argv[2]) : webDist;
for (const [page, screen] of Object.entries(FIRST_SCREENS)) {
  const load = pageJs(screen, dist, { requireTexts: false });
  const withZod = load.files
    .filter((f) => {
      const code = readFileSync(join(dist, f.path.replace(/^\//, '')), 'utf8');
      return ZOD_MARKERS.some((marker) => code.includes(marker));
    })
    .map((f) => f.path);
  console.log(
    `${page.padEnd(10)} ${load.gzipKb.toFixed(1).padStart(6)} KB gzip, ${load.files.length} files` +
      `, entry ${load.entryGzipKb.toFixed(1)} KB; zod: ${withZod.length ? withZod.join(' ') : 'none'}`,
  );
  if (process.env.VERBOSE) {
    for (const f of load.files)
      console.log(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} ${f.path}`);
  }
}
