import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino from 'pino';
import type { LaneLog } from './memory-lane';
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
    completedLine(
      bindings,
      request.method,
      request.url,
      request.ip,
      reply.statusCode,
      reply.elapsedTime,
    ),
  );
}

function completedLine(
  bindings: string,
  method: string,
  url: string,
  address: string | undefined,
  statusCode: number,
  elapsedMs: number,
): string {
  return (
    LINE_HEAD +
    Date.now() +
    bindings +
    requestPart(method, url) +
    addressPart(address) +
    linePartsEnd(statusCode, elapsedMs)
  );
}

// The parts of the line, in pino's order: the level and the time, the logger's bindings (and
// the request's id), the request, its address, then the status and the time it took.
const LINE_HEAD = `{"level":${INFO},"time":`;

const requestPart = (method: string, url: string) =>
  `,"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(redactUrl(url))}`;

/** pino leaves out a field whose value is undefined (a socket already gone has no address). */
const addressPart = (address: string | undefined) =>
  `${address === undefined ? '' : `,"remoteAddress":${JSON.stringify(address)}`}},"res":{"statusCode":`;

const linePartsEnd = (statusCode: number, elapsedMs: number) =>
  `${statusCode}},"responseTime":${milliseconds(elapsedMs)},"msg":"request completed"}\n`;

/**
 * Fastify's request ids (`req-` and a number in base 36), as one sequence for the framework's
 * requests (its `genReqId`) and the memory lane's, so no two lines share an id.
 */
export function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

/**
 * The memory lane's line of a request (memory-lane.ts): the line writeCompleted() writes, with
 * the bindings Fastify gives a request's child logger (the root's and `reqId`) and the address
 * as `request.ip` finds it (through the trusted proxies only, framework.ts). Null when `info`
 * is off, as the framework's path then writes nothing either.
 */
export function laneLog(
  logger: FastifyBaseLogger,
  nextId: () => string,
  trustProxy: string | false,
): LaneLog | null {
  if (!(logger as pino.Logger).isLevelEnabled('info')) return null;
  const root = logger as unknown as PinoInternals;
  const bindings = root[pino.symbols.chindingsSym] as string;
  const stream = root[pino.symbols.streamSym] as { write(line: string): void };
  const trusted = trustProxy ? proxyAddr.compile(trustProxy.split(',').map((s) => s.trim())) : null;
  const addressOf = trusted
    ? (request: IncomingMessage) => proxyAddr(request, trusted)
    : (request: IncomingMessage) => request.socket.remoteAddress;
  // completedLine()'s parts, those of a URL and of an address kept: the lane answers few URLs
  // from few addresses, and building the whole line per request cost about 1 µs of a 14 µs
  // reply in the running server (docs/PERFORMANCE.md).
  const idPart = `${bindings},"reqId":"`;
  const urlParts = keptParts((url: string) => `"${requestPart('GET', url)}`);
  const addressParts = keptParts(addressPart);
  return (request, statusCode, elapsedMs) => {
    stream.write(
      LINE_HEAD +
        Date.now() +
        idPart +
        nextId() +
        urlParts(request.url ?? '') +
        addressParts(addressOf(request)) +
        linePartsEnd(statusCode, elapsedMs),
    );
  };
}

/** How many URLs, and how many addresses, laneLog() keeps the parts of its line for. */
const LINE_PARTS_MAX = 1_000;

/** `part` of a value, made once per value (at most LINE_PARTS_MAX kept, then all forgotten). */
function keptParts<Value>(part: (value: Value) => string): (value: Value) => string {
  const kept = new Map<Value, string>();
  return (value) => {
    let made = kept.get(value);
    if (made === undefined) {
      if (kept.size >= LINE_PARTS_MAX) kept.clear();
      made = part(value);
      kept.set(value, made);
    }
    return made;
  };
}

/** Tenths of a millisecond are all an operator reads; Node's float has a dozen digits more. */
const milliseconds = (ms: number) => Math.round(ms * 10) / 10;
