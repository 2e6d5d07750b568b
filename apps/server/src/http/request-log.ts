import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Standard output for the served app's log (serve.ts), written asynchronously: lines gather in
 * memory and go out in one write of 4 KB or more, at the latest after a quarter of a second.
 * Pino's default writes each line synchronously, one system call per request, which at the
 * default level `info` cost about a third of a small reply's throughput (docs/PERFORMANCE.md).
 * What is still in memory is written when the process exits (pino registers that for an
 * asynchronous destination; serve.ts also waits for it after SIGTERM and SIGINT), so no line
 * is lost on a stop or an uncaught error; only a SIGKILL loses the last quarter-second.
 */
export function openLogDestination(fd = 1) {
  return pino.destination({ dest: fd, sync: false, minLength: 4096, periodicFlush: 250 });
}

/**
 * One line per request, written when it completes (the request as the `req` serializer shows
 * it, with credentials redacted, the status and the time), instead of Fastify's two
 * (`incoming request` and `request completed`): at the default level `info` the two cost
 * about a third of a small reply's throughput, one about half of that.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: milliseconds(reply.elapsedTime) },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: milliseconds(reply.elapsedTime) },
        'request completed',
      );
    }
  }
}

/** Tenths of a millisecond are all an operator reads; Node's float has a dozen digits more. */
const milliseconds = (ms: number) => Math.round(ms * 10) / 10;
