// `npm start`: build the web app if it has not been built, bundle the server, then migrate and
// serve on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bundleServer, SERVE_FLAGS } from '../apps/server/bundle.mjs';

const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);
if (!existsSync(webIndex)) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@beerscale/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The bundled server starts in half the time and memory (docs/PERFORMANCE.md); it is rebuilt
// at every start, so it never lags behind the sources. The sources through tsx are the fallback.
let entry = ['--import', 'tsx', 'apps/server/src/main.ts'];
try {
  entry = [await bundleServer()];
} catch (err) {
  console.warn(`Could not bundle the server (${err.message}); running its TypeScript sources.`);
}

const server = spawn(process.execPath, [...SERVE_FLAGS, ...entry, 'serve'], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
