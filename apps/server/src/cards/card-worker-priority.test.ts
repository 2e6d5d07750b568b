import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_RENDERER_DEFAULTS, CardRenderer } from './card-renderer';

/** This process's threads at the card worker's priority (nice 10), from /proc. */
function lowerPriorityThreads(): number {
  return readdirSync('/proc/self/task').filter((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is the 3rd field, nice the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]) === 10;
  }).length;
}

// A card is drawn when a core is free (card-worker.ts): with two cores a drawing took one whole
// and /api/health waited behind a burst of card requests (issue #42).
describe.runIf(process.platform === 'linux')('the card worker', () => {
  it('draws at a lower priority, and the server’s own thread keeps its own', async () => {
    const before = lowerPriorityThreads();
    const renderer = new CardRenderer({ ...CARD_RENDERER_DEFAULTS, workers: 1 });
    try {
      await renderer.warmUp();
      // The worker's thread, and the threads it starts (they inherit its priority).
      expect(lowerPriorityThreads()).toBeGreaterThan(before);
      const own = readFileSync(`/proc/self/stat`, 'utf8');
      expect(Number(own.slice(own.lastIndexOf(')') + 2).split(' ')[16])).toBe(0);
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
