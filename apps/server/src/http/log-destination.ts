import { writeSync } from 'node:fs';

/** A batch this large is written at once instead of at the end of the turn. */
const BATCH_CHARS = 64 * 1024;

/**
 * Standard output for the served app's log (serve.ts). Lines gather in memory for the rest of
 * the event loop's turn and go out in one synchronous write when the turn ends (or earlier
 * once 64 KB have gathered): under load a turn answers a few dozen requests, so a write
 * carries a few dozen lines, and each line still leaves the process within a millisecond of
 * its request.
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
  private scheduled = false;
  private readonly flushAtTurnEnd = () => {
    this.scheduled = false;
    this.flush();
  };

  constructor(private readonly fd = 1) {
    process.on('exit', () => this.flush());
  }

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= BATCH_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushAtTurnEnd);
    }
  }

  /** Writes every line gathered so far, before it returns. */
  flush(): void {
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
