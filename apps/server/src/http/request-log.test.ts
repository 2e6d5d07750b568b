import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { laneLog, requestIds } from './request-log';
import { REQUEST_LINE_FIELDS } from '../../test/support/log-lines';

/** The memory lane's line writer over a real pino logger, its lines parsed. */
function lane(trustProxy: string | false = false) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const write = laneLog(logger, requestIds(), trustProxy)!;
  const request = (url: string, remoteAddress: string | undefined, forwarded?: string) =>
    ({
      url,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      socket: { remoteAddress },
      connection: { remoteAddress },
    }) as unknown as IncomingMessage;
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { write, request, parsed };
}

describe('the memory lane’s request line', () => {
  // Its parts are kept per URL and per address: each line must still carry its own.
  it('carries each request’s URL, address, status, time and a fresh id', () => {
    const { write, request, parsed } = lane();
    write(request('/api/health', '127.0.0.1'), 200, 0.04);
    write(request('/api/home?x=1', '10.0.0.7'), 200, 1.26);
    write(request('/api/health', '10.0.0.7'), 503, 0.5);
    write(request('/api/home?x=1', '127.0.0.1'), 200, 2);
    const lines = parsed();
    expect(lines.map((l) => l.req)).toEqual([
      { method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' },
      { method: 'GET', url: '/api/home?x=1', remoteAddress: '10.0.0.7' },
      { method: 'GET', url: '/api/health', remoteAddress: '10.0.0.7' },
      { method: 'GET', url: '/api/home?x=1', remoteAddress: '127.0.0.1' },
    ]);
    expect(lines.map((l) => l.res)).toEqual(
      [200, 200, 503, 200].map((statusCode) => ({ statusCode })),
    );
    expect(lines.map((l) => l.responseTime)).toEqual([0, 1.3, 0.5, 2]);
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(4);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(REQUEST_LINE_FIELDS);
      expect(line).toMatchObject({ level: 30, pid: process.pid, msg: 'request completed' });
    }
  });

  it('keeps credentials out of the URL it logs', () => {
    const { write, request, parsed } = lane();
    write(request('/api/watch/secret-token/card', '127.0.0.1'), 200, 1);
    expect((parsed()[0]!.req as { url: string }).url).toBe('/api/watch/[REDACTED]/card');
  });

  // A socket already gone has no address: pino leaves the field out, and the line stays JSON
  // (it used to read `"remoteAddress":undefined`, which no log collector could parse).
  it('leaves the address out when the socket has none, as pino does', () => {
    const { write, request, parsed } = lane();
    write(request('/api/health', undefined), 200, 1);
    expect(parsed()[0]!.req).toEqual({ method: 'GET', url: '/api/health' });
  });

  it('takes the address through the trusted proxies only', () => {
    const { write, request, parsed } = lane('127.0.0.1');
    write(request('/api/health', '127.0.0.1', '203.0.113.9'), 200, 1);
    write(request('/api/health', '10.0.0.7', '203.0.113.9'), 200, 1);
    expect(parsed().map((l) => (l.req as { remoteAddress: string }).remoteAddress)).toEqual([
      '203.0.113.9',
      '10.0.0.7',
    ]);
  });
});
