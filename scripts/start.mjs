// `npm start`: build the web app if it has not been built, then migrate and serve on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);
if (!existsSync(webIndex)) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@beerscale/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
