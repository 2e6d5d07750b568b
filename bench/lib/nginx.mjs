// Debian's nginx round-robin in front of N instances, as docs/ARCHITECTURE.md and deploy/nginx describe:
// the sample configuration rendered with loopback ports (deploy/nginx/render.mjs), run as a child process (not a daemon)
// from a temporary prefix that holds its pid, logs and temp files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSite } from '../../deploy/nginx/render.mjs';
import { freePort, waitForHttp } from './spawn-server.mjs';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** nginx's path, installing Debian's package first when it is missing (we run as root here). */
export function findNginx() {
  let found = CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    console.log('nginx is missing: apt-get install -y nginx');
    spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
    found = CANDIDATES.find((p) => existsSync(p));
  }
  if (!found) throw new Error('nginx is not installed and could not be (apt-get install -y nginx)');
  return found;
}

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export async function startNginx(upstreamPorts) {
  const nginx = findNginx();
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-bench-nginx-'));
  const port = await freePort();
  const site = renderSite({
    listen: `127.0.0.1:${port}`,
    serverNames: ['127.0.0.1'],
    upstreams: upstreamPorts.map((p) => `127.0.0.1:${p}`),
    accessLog: join(dir, 'access.log'),
  });
  writeFileSync(join(dir, 'beerscale.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/beerscale.conf;`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  const test = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child = spawn(nginx, args, { stdio: 'ignore' });
  let exited = false;
  const done = new Promise((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 10_000, () => exited);
  return {
    url,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
