import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = new URL('../src/main.ts', import.meta.url).pathname;

/** The environment of `main.ts serve` at the default log level, on `port` and `database`. */
function serveEnv(port: number, database: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${database}`,
    LOG_LEVEL: 'info',
    MDNS: 'off',
    NODE_ENV: 'production',
  };
}

// The served app gathers its log lines for up to 50 ms (log-destination.ts). Stopped by
// SIGTERM it must still write every line it produced: the process exits right after closing,
// and lines left in memory were lost (the last batch of requests before a deploy).
describe("the served app's log", () => {
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every request line before it exits on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'serve'], {
      env: serveEnv(0, join(dir, 'log.db')),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const look = () => {
        const match = /is running on (http:\/\/[^\s]+)/.exec(out);
        if (match) resolve(match[1]!);
      };
      child.stdout.on('data', look);
      child.on('exit', () => reject(new Error(`server exited: ${out}`)));
    });

    const requests = 40;
    for (let i = 0; i < requests; i++) {
      expect((await fetch(`${baseUrl}/api/health?n=${i}`)).status).toBe(200);
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    const answered = lines.filter((line) => line.msg === 'request completed');
    expect(answered.map((line) => line.req?.url)).toEqual(
      Array.from({ length: requests }, (_, i) => `/api/health?n=${i}`),
    );
    expect(lines.at(-1)?.msg).toBe('stopped');
  }, 60_000);

  // A log collector that stops reading (its pipe full) must stop neither the requests nor a
  // stop: the destination kept waiting for the pipe on the main thread (log-destination.ts).
  it('answers and stops on SIGTERM while nobody reads its output', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'serve'], {
      env: serveEnv(port, join(dir, 'unread.db')),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // Never read: the pipe fills after some hundred request lines.
    child.stdout.pause();
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      for (;;) {
        const up = await fetch(`${baseUrl}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const padding = 'p'.repeat(500);
      for (let round = 0; round < 100; round++) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const res = await fetch(`${baseUrl}/api/health?n=${round}-${i}&${padding}`);
            await res.arrayBuffer();
            return res.status;
          }),
        );
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
