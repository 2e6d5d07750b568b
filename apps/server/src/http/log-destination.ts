import { writeSync } from 'node:fs';

/** A batch this large is written at once. */
const BATCH_CHARS = 32 * 1024;
/** A line waits at most this long for others to share its write. */
const MAX_DELAY_MS = 50;
/** While standard output is full, this much waits in memory; lines beyond it are dropped. */
const BACKLOG_MAX_BYTES = 8 * 1024 * 1024;
/** How soon a full pipe is tried again. */
const RETRY_MS = 10;
/** How long the last write, on exit or stop, waits for a full pipe before it gives up. */
const FINAL_WAIT_MS = 2_000;

/**
 * Standard output for the served app's log (serve.ts). Lines gather in memory and go out in one
 * write 50 ms after the first of them, or at once when 32 KB have gathered: under load a write
 * carries a hundred lines or more, and each line leaves the process within 50 ms of its
 * request. Writing at the end of every event loop turn instead (a few lines per write under
 * load) cost a system call per few requests and woke the reader of the pipe (a terminal,
 * journald, the bench) as often, on the same two cores: with the hot reads answered from
 * memory (memory-lane.ts) that was most of what a request line cost (docs/PERFORMANCE.md).
 *
 * Why not pino's own destinations: the synchronous one makes a system call per line, which at
 * the default level `info` cost about a third of a small reply's throughput; the asynchronous
 * one (sonic-boom with `minLength`) measures the UTF-8 length of its whole pending buffer on
 * every line (flattening it first) and hands each batch to the thread pool, a cross-thread
 * wake-up per write on a two-core machine: together about 5 µs of a 19 µs request
 * (docs/PERFORMANCE.md).
 *
 * A reader that falls behind must not stop the server: both pino destinations, and this one
 * before, waited for a full pipe (EAGAIN) in a loop on the main thread, so a log collector that
 * stalled stalled every request, and SIGTERM's handler never ran. What a full pipe does not take
 * now waits in memory and is tried again every 10 ms while the server goes on; past 8 MB new
 * lines are dropped and counted, and a line says how many once the pipe takes lines again.
 *
 * Nothing is lost on a stop when the reader reads: `flush()` writes what is left, and so does
 * the process's `exit` (process.exit after a fatal error, the end of the event loop), which runs
 * before Node ends; for a reader that reads nothing they wait 2 s, then give up. Only a SIGKILL
 * loses the lines of the turn under way.
 */
export class LogDestination {
  /** The lines gathered since the last write, as one string (cheaper than an array joined). */
  private pending = '';
  private pendingLines = 0;
  /** Written, but not yet taken by the pipe: oldest first. */
  private backlog: Buffer[] = [];
  private backlogBytes = 0;
  private dropped = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly pumpLater = () => {
    this.timer = null;
    this.pump();
  };

  constructor(private readonly fd = 1) {
    // A pipe Node has not opened as a stream yet is in blocking mode, and a write to it when
    // full would wait in the kernel, out of reach of every timer and signal handler; opening
    // process.stdout makes it non-blocking (a full pipe then answers EAGAIN).
    if (fd === 1) void process.stdout.fd;
    process.on('exit', () => this.flush());
  }

  write(line: string): void {
    this.pending += line;
    this.pendingLines += 1;
    if (this.pending.length >= BATCH_CHARS) this.pump();
    // Unreferenced: a pending write never keeps the process alive; `exit` writes it.
    else this.timer ??= setTimeout(this.pumpLater, MAX_DELAY_MS).unref();
  }

  /** Writes every line gathered so far, waiting for a full pipe for 2 s at most. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.take();
    const giveUpAt = performance.now() + FINAL_WAIT_MS;
    while (!this.writeBacklog()) {
      if (performance.now() >= giveUpAt) {
        this.backlog = [];
        this.backlogBytes = 0;
        return;
      }
      Atomics.wait(pause, 0, 0, RETRY_MS);
    }
  }

  /** Hands what has gathered to the pipe without waiting; what it does not take waits here. */
  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.take();
    if (!this.writeBacklog()) this.timer = setTimeout(this.pumpLater, RETRY_MS).unref();
  }

  /** Moves the gathered lines to the backlog, or counts them dropped when it is full. */
  private take(): void {
    if (this.pendingLines === 0) return;
    const batch = Buffer.from(this.pending);
    if (this.backlogBytes + batch.length > BACKLOG_MAX_BYTES) this.dropped += this.pendingLines;
    else this.queue(batch);
    this.pending = '';
    this.pendingLines = 0;
  }

  private queue(bytes: Buffer): void {
    this.backlog.push(bytes);
    this.backlogBytes += bytes.length;
  }

  /** Writes the backlog until it is empty (true) or the pipe is full (false). */
  private writeBacklog(): boolean {
    while (this.backlog.length > 0) {
      const bytes = this.backlog[0]!;
      let written: number;
      try {
        written = writeSync(this.fd, bytes);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' || code === 'EBUSY') return false;
        throw err;
      }
      this.backlogBytes -= written;
      if (written < bytes.length) this.backlog[0] = bytes.subarray(written);
      else this.backlog.shift();
      if (this.backlog.length === 0 && this.dropped > 0) this.reportDropped();
    }
    return true;
  }

  /** A warning in the log's own format: what the reader missed while it did not read. */
  private reportDropped(): void {
    const line = JSON.stringify({
      level: 40,
      time: Date.now(),
      pid: process.pid,
      msg: `${this.dropped} log lines were dropped: standard output took nothing for too long`,
    });
    this.dropped = 0;
    this.queue(Buffer.from(`${line}\n`));
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));
