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
import { basename, join } from 'node:path';
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
 * file appears whole, by rename). The result cards' worker thread (src/cards/card-worker.ts)
 * is a second bundle beside it, card-worker-<hash>.mjs, whose name the server's bundle is
 * built with (`__CARD_WORKER__`, read by card-renderer.ts). esbuild's helper process is stopped
 * afterwards: nothing of the build outlives it.
 */
export async function bundleServer() {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  const options = {
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@beerscale/')),
    logLevel: 'warning',
  };
  let bundle;
  try {
    const worker = await build({
      ...options,
      entryPoints: [fileURLToPath(new URL('./src/cards/card-worker.ts', import.meta.url))],
      outfile: join(distDir, 'card-worker.mjs'),
    });
    const workerFile = writeByContent('card-worker', worker.outputFiles[0].contents);
    const main = await build({
      ...options,
      entryPoints: [fileURLToPath(new URL('./src/main.ts', import.meta.url))],
      outfile: join(distDir, 'main.mjs'),
      define: { __CARD_WORKER__: JSON.stringify(`./${basename(workerFile)}`) },
    });
    bundle = writeByContent('main', main.outputFiles[0].contents);
    pruneStaleBundles([bundle, workerFile]);
  } finally {
    await stop();
  }
  return bundle;
}

/** Writes `code` as dist/<name>-<hash of code>.mjs unless it is there already; its path. */
function writeByContent(name, code) {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = join(distDir, `${name}-${hash}.mjs`);
  mkdirSync(distDir, { recursive: true });
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}

function pruneStaleBundles(keep) {
  const now = Date.now();
  for (const name of readdirSync(distDir)) {
    const path = join(distDir, name);
    if (keep.includes(path) || !/^(main|card-worker)(-[0-9a-f]+)?\.mjs(\..*\.tmp)?$/.test(name)) {
      continue;
    }
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // Another start removed it first.
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await bundleServer());
