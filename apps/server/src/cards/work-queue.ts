/** Why a task was not run: the queue was full, or the task waited too long to start. */
export class QueueRefusal extends Error {
  constructor(
    readonly reason: 'full' | 'waited',
    /** When a new attempt is likely to be taken. */
    readonly retryAfterMs: number,
  ) {
    super(reason === 'full' ? 'work queue full' : 'waited too long in the work queue');
  }
}

interface Waiting {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Runs at most `concurrency` tasks at a time; the others wait in order. A burst cannot pile up
 * work nobody waits for any more: beyond `maxQueued` waiting tasks a new one is refused at
 * once, and a task that could not start within `maxWaitMs` is refused then (its caller gets a
 * quick "try again" instead of an answer after its client gave up).
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
    private readonly maxWaitMs: number,
  ) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) return this.start(task);
    if (this.waiting.length >= this.maxQueued) {
      return Promise.reject(new QueueRefusal('full', this.maxWaitMs));
    }
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        start: () => this.start(task).then(resolve, reject),
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new QueueRefusal('waited', this.maxWaitMs));
        }, this.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private async start<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.start();
      }
    }
  }
}
