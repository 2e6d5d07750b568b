// The server as one ES module, apps/server/dist/main.mjs, for `npm start` and the benchmarks:
// compiling the TypeScript sources on the fly (tsx) doubles the start-up time and costs some
// 50 MB of memory in a production process. The npm dependencies stay outside the bundle
// (native modules, and their own files are plain JavaScript already); the workspace's
// TypeScript packages (@beerscale/*) are compiled in. About a tenth of a second.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const serverBundle = fileURLToPath(new URL('./dist/main.mjs', import.meta.url));

export async function bundleServer() {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  await build({
    entryPoints: [fileURLToPath(new URL('./src/main.ts', import.meta.url))],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@beerscale/')),
    logLevel: 'warning',
  });
  return serverBundle;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
