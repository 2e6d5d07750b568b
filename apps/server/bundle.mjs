// The server as one ES module, apps/server/dist/main-<hash>.mjs, for `npm start` and the
// benchmarks: compiling the TypeScript sources on the fly (tsx) doubles the start-up time and
// costs some 50 MB of memory in a production process. The npm dependencies stay outside the
// bundle (native modules, and their own files are plain JavaScript already); the workspace's
// TypeScript packages (@beerscale/*) are compiled in. About a tenth of a second.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const distDir = fileURLToPath(new URL('./dist/', import.meta.url));
/** Bundles older than this, of other builds, are removed (a running server loaded its own). */
const STALE_MS = 10 * 60_000;

/**
 * Node's flags for serving (`npm start` and the benchmarks alike): the young generation's
 * semi-spaces at 4 MB instead of V8's 16. A busy server grows them to the cap and they stay
 * resident: after a few seconds of load the server held 124 MB instead of 147 (8 MB: between),
 * for scavenges more often that cost no throughput measurable beside the machine's noise
 * (docs/PERFORMANCE.md). Set on the command line: V8 sizes its heap before any code runs.
 */
export const SERVE_FLAGS = ['--max-semi-space-size=4'];

/**
 * Bundles the sources and returns the bundle's path. Its name is its content's hash, so two
 * instances started together agree on one file and never write one the other is reading (the
 * file appears whole, by rename). esbuild's helper process is stopped afterwards: nothing of the
 * build outlives it.
 */
export async function bundleServer() {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  let code;
  try {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./src/main.ts', import.meta.url))],
      bundle: true,
      write: false,
      outfile: join(distDir, 'main.mjs'),
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@beerscale/')),
      logLevel: 'warning',
    });
    code = result.outputFiles[0].contents;
  } finally {
    await stop();
  }
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const bundle = join(distDir, `main-${hash}.mjs`);
  mkdirSync(distDir, { recursive: true });
  if (!existsSync(bundle)) {
    const partial = `${bundle}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, bundle);
  }
  pruneStaleBundles(bundle);
  return bundle;
}

function pruneStaleBundles(keep) {
  const now = Date.now();
  for (const name of readdirSync(distDir)) {
    const path = join(distDir, name);
    if (path === keep || !/^main(-[0-9a-f]+)?\.mjs(\..*\.tmp)?$/.test(name)) continue;
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // Another start removed it first.
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await bundleServer());
