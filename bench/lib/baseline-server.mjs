// The yardstick of DESIGN §12: a bare node:http server in its own process that answers every
// request with a JSON body of the leaderboard's shape and size, serialised per request as the
// real server does. Run as a script it serves; imported, it starts that script as a child.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { waitForHttp } from './spawn-server.mjs';

/** A leaderboard page's worth of rows (50 players with every field the real reply has). */
export function baselineRows(count = 50) {
  return Array.from({ length: count }, (_, i) => ({
    id: 1000 + i * 37,
    playerName: `Player ${i}`,
    status: i % 3 === 0 ? 'logged_in' : 'offline',
    currentElo: 1400 - i * 2.718281828459045,
    averageMeanDifference: 4.5 + i / 7,
    gamesPlayed: 100 - i,
    gamesWon: 40 - Math.floor(i / 2),
  }));
}

/** @returns {Promise<{ url: string, pid: number, stop: () => void }>} */
export async function startBaseline(port) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 10_000);
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = baselineRows();
  http
    .createServer((_req, res) => {
      const body = JSON.stringify(rows);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    })
    .listen(Number(process.argv[2]), '127.0.0.1');
}
