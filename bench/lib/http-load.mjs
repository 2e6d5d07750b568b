// A small keep-alive HTTP/1.1 load generator on raw sockets: `concurrency` connections, each
// sending its next request as soon as the previous response is complete (no pipelining).
// Raw sockets keep the client's own cost per request low, so that on a 2-core machine the
// figures say more about the server than about the client.
import net from 'node:net';

/**
 * @typedef {{ method?: string, path: string, headers?: Record<string, string>, body?: string }} Req
 * @typedef {{ status: number, body: Buffer, latencyMs: number }} Res
 */

/**
 * Runs requests against `url` until `durationMs` (after `warmupMs`, whose responses are not
 * counted) or until `requests` requests were sent.
 * @param {{ url: string, request: Req | ((i: number) => Req), concurrency?: number,
 *   durationMs?: number, warmupMs?: number, requests?: number, onResponse?: (res: Res, i: number) => void }} options
 */
export async function runLoad(options) {
  const { url, concurrency = 20, durationMs = 5_000, warmupMs = 1_000 } = options;
  const { hostname, port } = new URL(url);
  const limit = options.requests ?? Infinity;
  const build = typeof options.request === 'function' ? options.request : () => options.request;
  const fixed = typeof options.request === 'function' ? null : encode(options.request, url);
  const latencies = [];
  let sent = 0;
  let errors = 0;
  let statusErrors = 0;
  let bytes = 0;
  const started = performance.now();
  const measureFrom = started + (Number.isFinite(limit) ? 0 : warmupMs);
  const stopAt = Number.isFinite(limit) ? Infinity : measureFrom + durationMs;

  const worker = () =>
    new Promise((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port) || 80 });
      socket.setNoDelay(true);
      let parser = newParser();
      let sentAt = 0;
      let index = 0;
      const next = () => {
        if (performance.now() >= stopAt || sent >= limit) {
          socket.end();
          resolve();
          return;
        }
        index = sent;
        sent += 1;
        sentAt = performance.now();
        socket.write(fixed ?? encode(build(index), url));
      };
      socket.on('connect', next);
      socket.on('data', (chunk) => {
        parser.push(chunk);
        const response = parser.take();
        if (!response) return;
        const now = performance.now();
        const latencyMs = now - sentAt;
        if (sentAt >= measureFrom) {
          latencies.push(latencyMs);
          bytes += response.body.length;
          if (response.status >= 400) statusErrors += 1;
        }
        options.onResponse?.({ ...response, latencyMs }, index);
        parser = newParser();
        if (response.close) {
          socket.destroy();
          worker().then(resolve);
          return;
        }
        next();
      });
      socket.on('error', () => {
        errors += 1;
        socket.destroy();
        // A refused connection must not spin: give up on this worker after a short pause.
        setTimeout(resolve, 100);
      });
    });

  await Promise.all(Array.from({ length: concurrency }, worker));
  const measuredMs =
    (Number.isFinite(stopAt) ? Math.min(performance.now(), stopAt) : performance.now()) -
    measureFrom;
  return summarize(latencies, measuredMs, { errors, statusErrors, bytes });
}

export function summarize(latencies, measuredMs, extra = {}) {
  const sorted = Float64Array.from(latencies).sort();
  const pct = (p) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
      : NaN;
  return {
    requests: sorted.length,
    rps: sorted.length / (measuredMs / 1000),
    p50: pct(50),
    p99: pct(99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    ...extra,
  };
}

function encode(req, url) {
  const { host } = new URL(url);
  const body = req.body ?? '';
  const headers = {
    host,
    connection: 'keep-alive',
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(body || req.method === 'POST' ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...req.headers,
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.from(`${req.method ?? 'GET'} ${req.path} HTTP/1.1\r\n${head}\r\n${body}`);
}

/** Just enough HTTP/1.1 response parsing: status, Content-Length or chunked, Connection. */
function newParser() {
  let buffer = Buffer.alloc(0);
  let head = null;
  return {
    push(chunk) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    },
    take() {
      if (!head) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return null;
        const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const fields = {};
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        head = {
          status: Number(lines[0].split(' ')[1]),
          length: fields['content-length'] === undefined ? null : Number(fields['content-length']),
          chunked: /chunked/i.test(fields['transfer-encoding'] ?? ''),
          close: /close/i.test(fields.connection ?? ''),
        };
        buffer = buffer.subarray(end + 4);
      }
      if (head.length !== null) {
        if (buffer.length < head.length) return null;
        return { status: head.status, body: buffer.subarray(0, head.length), close: head.close };
      }
      if (head.chunked) {
        if (!buffer.subarray(-5).equals(Buffer.from('0\r\n\r\n'))) return null;
        return { status: head.status, body: dechunk(buffer), close: head.close };
      }
      return { status: head.status, body: Buffer.alloc(0), close: true };
    },
  };
}

function dechunk(buffer) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
