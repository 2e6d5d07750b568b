import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

const destination = new URL('../src/http/log-destination.ts', import.meta.url).pathname;

/** Node's arguments for running `body` with `log`, a LogDestination on standard output. */
function withLog(body: string): string[] {
  const script = `import { LogDestination } from ${JSON.stringify(destination)};
const log = new LogDestination();
${body}`;
  return ['--import', 'tsx', '--input-type=module', '-e', script];
}

/** Runs `body` in a fresh Node process with `log`, a LogDestination on standard output. */
function run(body: string) {
  return spawnSync(process.execPath, withLog(body), { encoding: 'utf8' });
}

/**
 * `body` as run() runs it, its standard output a pipe read only once `read()` is called (the
 * child's `alive` on standard error says it is still serving meanwhile).
 */
function runUnread(body: string) {
  const child = spawn(process.execPath, withLog(body), { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pause();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const within = async <T>(ms: number, what: string, work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    stderr: () => stderr,
    /** Resolves once the child wrote `alive` on standard error, within `ms`. */
    alive: (ms: number) =>
      within(
        ms,
        'the child’s alive',
        (async () => {
          while (!stderr.includes('alive')) await new Promise((r) => setTimeout(r, 20));
        })(),
      ),
    /** Reads standard output to its end. */
    read: async () => {
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stdout.resume();
      await once(child.stdout, 'end');
      return Buffer.concat(chunks).toString('utf8');
    },
    exit: (ms: number) => within(ms, 'the child’s exit', exited),
    kill: () => child.kill('SIGKILL'),
  };
}

// The served app's log gathers lines for up to 50 ms (log-destination.ts).
describe("the served app's log destination", () => {
  it('writes gathered lines together, within 50 ms of the first', () => {
    const out = run(`
log.write('one\\n');
setImmediate(() => {
  log.write('two\\n');
  process.stdout.write('(next turn)\\n');
});
setTimeout(() => log.write('three\\n'), 5);
setTimeout(() => process.stdout.write('(later)\\n'), 300);
`);
    expect(out.stdout).toBe('(next turn)\none\ntwo\nthree\n(later)\n');
  });

  it('loses no line when the process exits before the turn is over', () => {
    const out = run(`
for (let i = 0; i < 3; i++) log.write('line ' + i + '\\n');
process.exit(3);
`);
    expect(out.status).toBe(3);
    expect(out.stdout).toBe('line 0\nline 1\nline 2\n');
  });

  it('writes a large batch at once, whole, without waiting', () => {
    const out = run(`
const line = 'x'.repeat(1023) + '\\n';
for (let i = 0; i < 200; i++) log.write(line);
process.stdout.write('(same turn)\\n');
`);
    const lines = out.stdout.split('\n');
    // 32 KB gathered: the first 32 lines are out before the turn's own write.
    expect(lines.indexOf('(same turn)')).toBeGreaterThanOrEqual(32);
    expect(lines.filter((l) => l.length === 1023)).toHaveLength(200);
  });

  // A log collector that stops reading must not stop the server (log-destination.ts).
  it('goes on serving while nobody reads its output, and writes every line once read', async () => {
    const child = runUnread(`
const line = 'y'.repeat(1023) + '\\n';
for (let i = 0; i < 2048; i++) log.write(line);
setTimeout(() => {
  process.stderr.write('alive\\n');
  setTimeout(() => process.exit(0), 100);
}, 50);
`);
    try {
      await child.alive(10_000);
      const out = await child.read();
      const [code] = await child.exit(10_000);
      expect(code).toBe(0);
      const lines = out.split('\n').filter(Boolean);
      expect(lines).toHaveLength(2048);
      expect(lines.every((l) => l === 'y'.repeat(1023))).toBe(true);
    } finally {
      child.kill();
    }
  });

  it('exits within seconds when nobody ever reads its output', async () => {
    const child = runUnread(`
const line = 'z'.repeat(1023) + '\\n';
for (let i = 0; i < 2048; i++) log.write(line);
process.stderr.write('alive\\n');
process.exit(0);
`);
    try {
      await child.alive(10_000);
      const [code] = await child.exit(8_000);
      expect(code).toBe(0);
    } finally {
      child.kill();
    }
  });

  it('drops lines past 8 MB while nobody reads, and says how many', async () => {
    const child = runUnread(`
const line = 'w'.repeat(1023) + '\\n';
for (let i = 0; i < 10 * 1024; i++) log.write(line);
setTimeout(() => {
  process.stderr.write('alive\\n');
  setTimeout(() => process.exit(0), 200);
}, 50);
`);
    try {
      await child.alive(10_000);
      const out = await child.read();
      await child.exit(10_000);
      const lines = out.split('\n').filter(Boolean);
      const kept = lines.filter((l) => l === 'w'.repeat(1023)).length;
      const warning = lines.find((l) => l.includes('log lines were dropped'));
      expect(kept).toBeGreaterThan(7 * 1024);
      expect(kept).toBeLessThan(10 * 1024);
      const { level, msg } = JSON.parse(warning!) as { level: number; msg: string };
      expect(level).toBe(40);
      expect(Number(msg.split(' ')[0])).toBe(10 * 1024 - kept);
    } finally {
      child.kill();
    }
  });
});
