import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GameState } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import { WorkQueue } from './work-queue';
import type { TableCard } from './table-card';

/** What the server asks of a card worker (card-worker.ts), and what it answers. */
export type RenderJob =
  | { id: number; kind: 'card'; game: GameState; language: Language }
  | { id: number; kind: 'table'; card: TableCard }
  | { id: number; kind: 'warm-up' };
export interface RenderResult {
  id: number;
  png?: Uint8Array;
  error?: string;
}

export interface CardRendererOptions {
  /** Worker threads, each drawing one card at a time. */
  workers: number;
  /** Cards waiting for a worker; one more is refused at once. */
  maxQueued: number;
  /** How long a card may wait for a worker before it is refused. */
  maxWaitMs: number;
  /** Workers that drew nothing for this long end, and give their memory back. */
  idleMs: number;
}

/**
 * One worker on a machine of two cores or fewer, two on a larger one: the event loop keeps a
 * core of its own. A card takes 100 to 200 ms of a core once warm (docs/PERFORMANCE.md), so
 * 16 waiting cards are within 3 s of the first; past that a client had better try again.
 */
export const CARD_RENDERER_DEFAULTS: CardRendererOptions = {
  workers: Math.min(2, Math.max(1, availableParallelism() - 1)),
  maxQueued: 16,
  maxWaitMs: 3_000,
  idleMs: 5 * 60_000,
};

/** Set by apps/server/bundle.mjs to the worker's bundled file beside the server's bundle. */
declare const __CARD_WORKER__: string | undefined;

const require = createRequire(import.meta.url);

/**
 * The worker's module: the bundled file under `npm start` and the bench, else the TypeScript
 * source through tsx's loader (the tests, `npm run dev`). A worker cannot start from a .ts file
 * with `--import tsx` (Node checks the extension first): a one-line script registers tsx and
 * imports it.
 */
function startWorker(): Worker {
  if (typeof __CARD_WORKER__ === 'string') {
    return new Worker(new URL(__CARD_WORKER__, import.meta.url));
  }
  const source = new URL('./card-worker.ts', import.meta.url).href;
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const script = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(script, { eval: true });
}

/**
 * tsx's ES module API (`register`). require.resolve gives its CommonJS twin, whose `register`
 * cannot start the loader in a worker: the file comes from the package's export map.
 */
function tsxEsmApi(): string {
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return join(dirname(manifest), exports['./esm/api'].import.default);
}

interface Slot {
  worker: Worker;
  job: { id: number; resolve: (png: Buffer | null) => void; reject: (err: Error) => void } | null;
  /** Who waits for the warm-up's answer. */
  warming: { resolve: () => void; reject: (err: Error) => void }[];
}

/** The warm-up's id: card jobs count from 1. */
const WARM_UP = 0;

/**
 * Result cards drawn in worker threads (satori's layout and resvg's rasterising take 100 to
 * 200 ms of a core per card; on the event loop 32 concurrent card requests held /api/health
 * for 452 ms). At most `workers` cards are drawn at a time, the others wait in a short queue
 * (work-queue.ts). Workers start with the first card (or the warm-up) and end after
 * `idleMs` without one: an idle server holds none of their memory.
 */
export class CardRenderer {
  private readonly queue: WorkQueue;
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: CardRendererOptions = CARD_RENDERER_DEFAULTS) {
    this.queue = new WorkQueue(options.workers, options.maxQueued, options.maxWaitMs);
  }

  /** The card as a PNG; rejects with a QueueRefusal when too many cards are waiting. */
  async render(game: GameState, language: Language): Promise<Buffer> {
    const png = await this.run({ kind: 'card', game, language });
    if (!png) throw new Error('card worker answered without a card');
    return png;
  }

  /** A table card (a group's season, a tournament's standings) as a PNG, queued like a card. */
  async renderTable(card: TableCard): Promise<Buffer> {
    const png = await this.run({ kind: 'table', card });
    if (!png) throw new Error('card worker answered without a card');
    return png;
  }

  /**
   * Starts a worker and has it load fonts and layout engine (one to two seconds of one core).
   * Not a queued job: a card asked for meanwhile goes to that worker at once and is drawn as
   * soon as the loading is done (it would have to load the same), instead of waiting in the
   * queue behind the warm-up, where a slow start ran past the queue's longest wait.
   */
  warmUp(): Promise<void> {
    this.clearIdleTimer();
    const slot = this.slots[0] ?? this.spawn();
    return new Promise<void>((resolve, reject) => {
      slot.warming.push({ resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id: WARM_UP, kind: 'warm-up' } satisfies RenderJob);
    }).finally(() => this.whenIdle());
  }

  /** Ends the workers (a later card starts new ones). */
  async close(): Promise<void> {
    this.clearIdleTimer();
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private run(
    job: { kind: 'card'; game: GameState; language: Language } | { kind: 'table'; card: TableCard },
  ) {
    this.clearIdleTimer();
    return this.queue
      .run(() => this.onWorker({ ...job, id: this.nextId++ }))
      .finally(() => this.whenIdle());
  }

  private onWorker(job: RenderJob): Promise<Buffer | null> {
    // The queue runs at most `workers` jobs at a time: a free slot exists, or room for one.
    const slot = this.slots.find((s) => s.job === null) ?? this.spawn();
    return new Promise((resolve, reject) => {
      slot.job = { id: job.id, resolve, reject };
      // Busy, the worker keeps the process alive until it answers; idle it does not.
      slot.worker.ref();
      slot.worker.postMessage(job);
    });
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startWorker(), job: null, warming: [] };
    const finish = (settle: (job: NonNullable<Slot['job']>) => void) => {
      const job = slot.job;
      slot.job = null;
      slot.worker.unref();
      if (job) settle(job);
    };
    slot.worker.on('message', (result: RenderResult) => {
      if (result.id === WARM_UP) {
        if (!slot.job) slot.worker.unref();
        for (const waiter of slot.warming.splice(0)) {
          if (result.error === undefined) waiter.resolve();
          else waiter.reject(new Error(`result card warm-up failed: ${result.error}`));
        }
        return;
      }
      if (result.id !== slot.job?.id) return;
      finish((job) =>
        result.error !== undefined
          ? job.reject(new Error(`result card failed: ${result.error}`))
          : job.resolve(
              result.png
                ? Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength)
                : null,
            ),
      );
    });
    // A worker that failed or ended is dropped; the next card starts another.
    const drop = (err: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      for (const waiter of slot.warming.splice(0)) waiter.reject(err);
      finish((job) => job.reject(err));
    };
    slot.worker.on('error', drop);
    slot.worker.on('exit', (code) => drop(new Error(`card worker exited with code ${code}`)));
    slot.worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private whenIdle(): void {
    const { running, waiting } = this.queue.size;
    if (running > 0 || waiting > 0 || this.slots.length === 0) return;
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

let shared: CardRenderer | null = null;

/**
 * The process's renderer: every app instance in the process (the tests start several) shares
 * its workers, as they share the process's cores.
 */
export function sharedCardRenderer(): CardRenderer {
  shared ??= new CardRenderer();
  return shared;
}
