import { parentPort } from 'node:worker_threads';
import { renderCard, warmUpCards } from './result-card';
import { renderTableCard } from './table-card';
import type { RenderJob, RenderResult } from './card-renderer';

/**
 * The card renderer's worker thread (card-renderer.ts): satori lays a card out and resvg
 * rasterises it here, one card at a time, so the server's event loop never waits for either.
 */
const port = parentPort!;
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
