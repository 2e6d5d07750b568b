import { request } from 'node:http';
import type { Reply } from './http-client';

/**
 * A JSON client whose connections leave from `localAddress` (any 127.x.y.z is loopback on
 * Linux), so the server sees distinct client addresses without trusting any header.
 */
export function httpClientFrom(baseUrl: string, localAddress: string) {
  const url = new URL(baseUrl);
  return function call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string } = {},
  ): Promise<Reply<T>> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path, method, headers, localAddress, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: res.statusCode ?? 0,
              body: (text ? JSON.parse(text) : null) as T,
              headers: new Headers(res.headers as Record<string, string>),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
