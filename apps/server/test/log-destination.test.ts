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

// The served app's log gathers lines for the rest of the event loop's turn (log-destination.ts).
describe("the served app's log destination", () => {
  it('writes a turn’s lines together, once the turn is over', () => {
    const out = run(`
log.write('one\\n');
log.write('two\\n');
process.stdout.write('(same turn)\\n');
setImmediate(() => setImmediate(() => process.stdout.write('(next turn)\\n')));
`);
    expect(out.stdout).toBe('(same turn)\none\ntwo\n(next turn)\n');
  });

  it('loses no line when the process exits before the turn is over', () => {
    const out = run(`
for (let i = 0; i < 3; i++) log.write('line ' + i + '\\n');
process.exit(3);
`);
    expect(out.status).toBe(3);
    expect(out.stdout).toBe('line 0\nline 1\nline 2\n');
  });

  it('writes a large batch at once, whole, without waiting for the turn to end', () => {
    const out = run(`
const line = 'x'.repeat(1023) + '\\n';
for (let i = 0; i < 200; i++) log.write(line);
process.stdout.write('(same turn)\\n');
`);
    const lines = out.stdout.split('\n');
    // 64 KB gathered: the first 64 lines are out before the turn's own write.
    expect(lines.indexOf('(same turn)')).toBeGreaterThanOrEqual(64);
    expect(lines.filter((l) => l.length === 1023)).toHaveLength(200);
  });
});
