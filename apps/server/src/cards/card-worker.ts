import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderCard, warmUpCards } from './result-card';
import { renderTableCard } from './table-card';
import type { RenderJob, RenderResult } from './card-renderer';

/**
 * The card renderer's worker thread (card-renderer.ts): satori lays a card out and resvg
 * rasterises it here, one card at a time, so the server's event loop never waits for either.
 */
const port = parentPort!;

// A lower scheduling priority (nice 10), for this thread alone (on Linux a thread's nice value
// is its own; elsewhere the call may apply to the process or fail, and is skipped). With two
// cores a drawing took one whole, and the server's event loop, its database and the clients
// on the same machine shared the other: /api/health waited behind a burst of card requests
// (issue #42). Now the API goes first while both want the CPU. Not the lowest (19): under
// load that left a card a sliver of a core, and its requests ran past the queue's wait.
if (process.platform === 'linux') {
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // A system that forbids it: cards are drawn at the normal priority.
  }
}
port.on('message', (job: RenderJob) => {
  const work =
    job.kind === 'warm-up'
      ? warmUpCards().then(() => null)
      : job.kind === 'table'
        ? renderTableCard(job.card)
        : renderCard(job.game, job.language);
  work.then(
    (png) => {
      if (!png) return port.postMessage({ id: job.id } satisfies RenderResult);
      // A copy of its own, so its memory moves to the server's thread instead of being copied.
      const bytes = new Uint8Array(png);
      port.postMessage({ id: job.id, png: bytes } satisfies RenderResult, [bytes.buffer]);
    },
    (err: unknown) =>
      port.postMessage({
        id: job.id,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      } satisfies RenderResult),
  );
});
