import { writeSync } from 'node:fs';

/** A batch this large is written at once. */
const BATCH_CHARS = 32 * 1024;
/** A line waits at most this long for others to share its write. */
const MAX_DELAY_MS = 50;

/**
 * Standard output for the served app's log (serve.ts). Lines gather in memory and go out in one
 * synchronous write 50 ms after the first of them, or at once when 32 KB have gathered: under
 * load a write carries a hundred lines or more, and each line leaves the process within 50 ms
 * of its request. Writing at the end of every event loop turn instead (a few lines per write
 * under load) cost a system call per few requests and woke the reader of the pipe (a terminal,
 * journald, the bench) as often, on the same two cores: with the hot reads answered from
 * memory (memory-lane.ts) that was most of what a request line cost (docs/PERFORMANCE.md).
 *
 * Why not pino's own destinations: the synchronous one makes a system call per line, which at
 * the default level `info` cost about a third of a small reply's throughput; the asynchronous
 * one (sonic-boom with `minLength`) measures the UTF-8 length of its whole pending buffer on
 * every line (flattening it first) and hands each batch to the thread pool, a cross-thread
 * wake-up per write on a two-core machine: together about 5 µs of a 19 µs request
 * (docs/PERFORMANCE.md). Its synchronous mode encodes each batch twice (to write it, and again
 * to cut off what was written), so the batch is written here: a full pipe (EAGAIN, when the
 * reader is behind) is waited for as pino's destination waits for it.
 *
 * Nothing is lost on a stop: `flush()` writes what is left, and so does the process's `exit`
 * (process.exit after a fatal error, the end of the event loop), which runs before Node ends.
 * Only a SIGKILL loses the lines of the turn under way.
 */
export class LogDestination {
  private lines: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly flushLater = () => {
    this.timer = null;
    this.flush();
  };

  constructor(private readonly fd = 1) {
    process.on('exit', () => this.flush());
  }

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= BATCH_CHARS) this.flush();
    // Unreferenced: a pending write never keeps the process alive; `exit` writes it.
    else this.timer ??= setTimeout(this.flushLater, MAX_DELAY_MS).unref();
  }

  /** Writes every line gathered so far, before it returns. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    const batch = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    writeAll(this.fd, Buffer.from(batch));
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') throw err;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}
