import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const destination = new URL('../src/http/log-destination.ts', import.meta.url).pathname;

/** Runs `body` in a fresh Node process with `log`, a LogDestination on standard output. */
function run(body: string) {
  const script = `import { LogDestination } from ${JSON.stringify(destination)};
const log = new LogDestination();
${body}`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
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
});
