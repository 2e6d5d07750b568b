// HTTP load from autocannon: `concurrency` keep-alive connections, each sending its next request
// as soon as the previous response is complete (no pipelining). Latencies are collected from
// autocannon's per-response event rather than its histogram, which keeps whole milliseconds only
// and would print every sub-millisecond p50 as 0 or 1.
import http from 'node:http';
import autocannon from 'autocannon';

/**
 * @typedef {{ method?: string, path: string, headers?: Record<string, string>, body?: string }} Req
 */

/**
 * Runs requests against `url` for `durationMs` after `warmupMs` (whose responses are not
 * counted), or exactly `requests` requests when that is given.
 * @param {{ url: string, request: Req | ((i: number) => Req), concurrency?: number,
 *   durationMs?: number, warmupMs?: number, requests?: number,
 *   onResponse?: (res: { status: number, body: string }, i: number) => void }} options
 */
export async function runLoad(options) {
  const { url, concurrency = 20, durationMs = 5_000, warmupMs = 1_000 } = options;
  const counted = options.requests !== undefined;
  const connections = counted ? Math.min(concurrency, options.requests) : concurrency;
  const build = typeof options.request === 'function' ? options.request : null;
  const fixed = build ? null : options.request;
  let sent = 0;
  const request = {
    method: fixed?.method ?? 'GET',
    path: fixed?.path ?? '/',
    headers: withBody(fixed ?? {}).headers,
    body: fixed?.body,
    ...(build
      ? {
          setupRequest: (req, context) => {
            const i = sent;
            sent += 1;
            context.i = i;
            const next = withBody(build(i));
            return { ...req, method: next.method ?? 'GET', ...next };
          },
        }
      : {}),
    ...(options.onResponse
      ? { onResponse: (status, body, context) => options.onResponse({ status, body }, context.i) }
      : {}),
  };
  // The run stops at the first sample tick after its duration: short runs sample often.
  const sampleInt = Math.min(1000, Math.max(50, durationMs / 4));
  const common = { url, connections, pipelining: 1, requests: [request], sampleInt, timeout: 30 };
  if (!counted && warmupMs > 0) {
    await autocannon({ ...common, duration: warmupMs / 1000 });
  }
  const latencies = [];
  const instance = autocannon({
    ...common,
    ...(counted ? { amount: options.requests } : { duration: durationMs / 1000 }),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return summarize(latencies, result.duration * 1000, {
    errors: result.errors,
    statusErrors: result.non2xx,
    bytes: result.throughput.total,
  });
}

/** Requests per second and percentiles of `latencies` (ms) measured over `measuredMs`. */
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

function withBody(req) {
  if (!req.body) return req;
  return { ...req, headers: { 'content-type': 'application/json', ...req.headers } };
}

/** The size of the body `request` gets from `url`, as sent (compressed when it asks for it). */
export function compressedBytes(url, request) {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${request.path}`, { headers: request.headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}
