// Starts the real server as `npm start` does (the bundled main.ts, `serve`) as a child process
// and measures how long it takes from spawn until /api/health answers.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { bundleServer as bundle, SERVE_FLAGS } from '../../apps/server/bundle.mjs';

let serverBundle = null;

/** Bundles the server once; startServer runs that bundle. */
export async function bundleServer() {
  serverBundle = await bundle();
  return serverBundle;
}

export const root = new URL('../..', import.meta.url);

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls until `url` answers 2xx; rejects after `timeoutMs` or when `gone()` says the process died. */
export async function waitForHttp(url, timeoutMs, gone = () => false) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (gone()) throw new Error(`process for ${url} exited`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Every client of the bench is 127.0.0.1: the per-address limits that stop one attacker would
 * stop the bench's thousand players (sign-ins, idle sockets, relay viewers) instead.
 */
const FROM_ONE_ADDRESS = {
  LOGINS_PER_ADDRESS: '1000000',
  LOGIN_ATTEMPTS_PER_ADDRESS: '1000000',
  BROWSER_SOCKETS_PER_ADDRESS: '1000000',
};

/**
 * Call bundleServer() once before: the start-up time is measured without the bundling, as the
 * budget's "web already built" is. The server runs as `npm start` runs it: the bundle with
 * SERVE_FLAGS, the default log level (`info`: a line per request) unless `env` sets
 * LOG_LEVEL, NODE_ENV=production, and its standard output a pipe this process reads and
 * drops, as a terminal or a service manager's journal reads it (not /dev/null, where writing
 * costs nothing).
 * @param {{ databaseUrl: string, port?: number, env?: Record<string, string> }} options
 * @returns {Promise<{ url: string, pid: number, startupMs: number, stop: () => Promise<void> }>}
 */
export async function startServer(options) {
  if (!serverBundle) throw new Error('call bundleServer() before startServer()');
  const port = options.port ?? (await freePort());
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...SERVE_FLAGS, serverBundle, 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      NODE_ENV: 'production',
      ...FROM_ONE_ADDRESS,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.resume();
  let exited = false;
  const done = new Promise((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 30_000, () => exited);
  const startupMs = performance.now() - spawnedAt;
  return {
    url,
    pid: child.pid,
    startupMs,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await done;
    },
  };
}
