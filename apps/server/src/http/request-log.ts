import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactUrl } from './redact';

const INFO = pino.levels.values.info!;

/**
 * One line per request, written when it completes (the request as the `req` serializer shows
 * it, with credentials redacted, the status and the time), instead of Fastify's two
 * (`incoming request` and `request completed`): at the default level `info` the two cost
 * about a third of a small reply's throughput, one about half of that.
 *
 * The line of a request that succeeded is the one written on every request, so it is built
 * here as the string pino would build (the same fields in the same order: the logger's
 * bindings, the `req` serializer's three fields of framework.ts, the status, the time) and
 * handed to the logger's stream: pino's general path (serializers, an object per field, a
 * `JSON.stringify` per value) cost about 1.5 µs of a 15 µs reply (docs/PERFORMANCE.md).
 * log-redaction.test.ts holds it to pino's fields and their order.
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
    } else if ((reply.log as pino.Logger).isLevelEnabled('info')) {
      writeCompleted(request, reply);
    }
  }
}

type PinoInternals = Record<symbol, unknown>;

function writeCompleted(request: FastifyRequest, reply: FastifyReply): void {
  const log = reply.log as unknown as PinoInternals;
  const bindings = log[pino.symbols.chindingsSym] as string;
  const stream = log[pino.symbols.streamSym] as { write(line: string): void };
  stream.write(
    `{"level":${INFO},"time":${Date.now()}${bindings},"req":{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))},"remoteAddress":${JSON.stringify(request.ip)}},"res":{"statusCode":${reply.statusCode}},"responseTime":${milliseconds(reply.elapsedTime)},"msg":"request completed"}\n`,
  );
}

/** Tenths of a millisecond are all an operator reads; Node's float has a dozen digits more. */
const milliseconds = (ms: number) => Math.round(ms * 10) / 10;
