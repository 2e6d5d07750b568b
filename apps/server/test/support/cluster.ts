import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../../../', import.meta.url).pathname;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/** Whether this machine can run the multi-process suites (nginx from Debian's packages). */
export function nginxAvailable(): boolean {
  return NGINX !== undefined;
}

/**
 * A port for a process a suite starts, below the kernel's ephemeral range: servers listening on
 * port 0 and the outgoing connections of every suite running beside this one take their ports
 * from that range, so a port found free there could be taken before the process bound it (once a
 * test then spoke to another suite's server, and met a refused connection when that one stopped).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (EPHEMERAL_LOW - LOWEST_PORT));
    if (await listenable(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST_PORT} and ${EPHEMERAL_LOW}`);
}

const LOWEST_PORT = 10_000;
const EPHEMERAL_LOW = (() => {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return low > LOWEST_PORT + 1_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
})();

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Polls `url` until it answers OK; with `ours`, only once the process said it listens. */
async function waitFor(
  url: string,
  timeoutMs: number,
  exited: () => boolean,
  ours: () => boolean = () => true,
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`process for ${url} exited before it was ready`);
    try {
      const reply = ours() ? await fetch(url) : null;
      if (reply?.ok) return await reply.json();
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A real `main.ts serve` process, as an operator would run it. */
export interface Instance {
  name: string;
  port: number;
  url: string;
  /** The instance id it reports in /api/health (also the prefix of its device connections). */
  id: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  /** What the process wrote so far (its log and errors), for failure messages. */
  log(): string;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export async function startInstance(
  name: string,
  databaseUrl: string,
  port?: number,
  env: Record<string, string> = {},
): Promise<Instance> {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      INSTANCE_NAME: name,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Health is asked only once this process listens: before that, whatever else held the port
  // would answer in its place.
  const listening = `beerscale is running on http://127.0.0.1:${listenPort}`;
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      done = true;
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  const url = `http://127.0.0.1:${listenPort}`;
  let health: { instance: string };
  try {
    health = (await waitFor(
      `${url}/api/health`,
      20_000,
      () => done,
      () => output.includes(listening),
    )) as { instance: string };
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${String(err)}\n${output}`);
  }
  return {
    name,
    port: listenPort,
    url,
    id: health.instance,
    process: child,
    exited,
    log: () => output,
    async kill(signal) {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

export interface Nginx {
  url: string;
  wsUrl: string;
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in front of the given instances, on a loopback port, with the sample
 * configuration from deploy/nginx rendered as the README tells operators to, so the suite tests
 * what they use. `accessLog()` reads nginx's access log for this site.
 */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-nginx-'));
  const port = await freePort();
  // Rendered by the script the README gives operators, with the same template.
  const render = spawnSync(
    process.execPath,
    [
      join(root, 'deploy/nginx/render.mjs'),
      '--listen',
      `127.0.0.1:${port}`,
      '--server-name',
      '127.0.0.1',
      ...upstreamPorts.flatMap((p) => ['--upstream', `127.0.0.1:${p}`]),
      '--access-log',
      join(dir, 'access.log'),
    ],
    { encoding: 'utf8' },
  );
  if (render.status !== 0) throw new Error(`render.mjs failed:\n${render.stderr}`);
  const site = render.stdout;
  writeFileSync(join(dir, 'beerscale.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
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
  const test = spawnSync(
    NGINX,
    ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      encoding: 'utf8',
    },
  );
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      stdio: 'ignore',
    },
  );
  let done = false;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      done = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 10_000, () => done);
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    accessLog: () =>
      existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : '',
    async stop() {
      // Fast shutdown: a graceful one would wait for every open socket.
      if (!done) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
