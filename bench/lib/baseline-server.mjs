// The yardstick of the budgets: a bare node:http server in its own process that answers with the
// very bytes the real server sent for the same path, its headers included (the security
// headers, content type, cache and vary headers; node adds Date, Connection and Keep-Alive as
// for the server), prepared once at start, so it measures what node:http itself costs per
// request (parsing, headers, writing) and nothing a server could avoid. Run as a script it
// serves; imported, it starts that script as a child.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { waitForHttp } from './spawn-server.mjs';

/**
 * Fetches each path's reply from the real server and starts the baseline answering them
 * (the first path answers any other path too).
 * @param {{ port: number, file: string, serverUrl: string, paths: string[],
 *   headers?: Record<string, string> }} options  file: where to keep the replies for the child
 * @returns {Promise<{ url: string, pid: number, bytes: Record<string, number>, stop: () => void }>}
 */
export async function startBaseline({ port, file, serverUrl, paths, headers = {} }) {
  const replies = {};
  const heads = {};
  for (const path of paths) {
    const res = await fetch(`${serverUrl}${path}`, { headers });
    if (!res.ok) throw new Error(`${path} answered ${res.status} for the baseline`);
    replies[path] = await res.text();
    heads[path] = Object.fromEntries(
      [...res.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name)),
    );
  }
  writeFileSync(file, JSON.stringify({ fallback: paths[0], replies, heads }));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port), file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 10_000);
  const bytes = Object.fromEntries(
    Object.entries(replies).map(([path, body]) => [path, Buffer.byteLength(body)]),
  );
  return { url, pid: child.pid, bytes, stop: () => child.kill('SIGTERM') };
}

/** Written by node:http itself for every reply (or about the transfer, not the reply). */
const PER_CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { fallback, replies, heads } = JSON.parse(readFileSync(process.argv[3], 'utf8'));
  const answers = new Map(
    Object.entries(replies).map(([path, text]) => {
      const body = Buffer.from(text);
      const head = { ...heads[path], 'content-length': String(body.length) };
      return [path, { body, head }];
    }),
  );
  const other = answers.get(fallback);
  http
    .createServer((req, res) => {
      const { body, head } = answers.get(req.url) ?? other;
      res.writeHead(200, head);
      res.end(body);
    })
    .listen(Number(process.argv[2]), '127.0.0.1');
}
