// Device WEIGHT -> browser SCALE_DATA latency (DESIGN §12: p99 under 30 ms with 200 scales at
// 10 Hz and 400 viewers). Starts its own server on a fresh SQLite file; every clock read is in
// this one process, so send and receive times compare directly.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';

const SCALES = Number(process.env.BENCH_SCALES ?? 200);
const VIEWERS_PER_SCALE = Number(process.env.BENCH_VIEWERS_PER_SCALE ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'beerscale-bench-'));
const dbFile = join(dir, 'bench.db');

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
  cwd: new URL('..', import.meta.url),
  env: {
    ...process.env,
    PORT: String(PORT),
    DATABASE_URL: `sqlite:${dbFile}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitReady() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const post = (path, body) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());
const mac = (i) => `BE${String(i).padStart(10, '0')}`;

await waitReady();
process.stdout.write(`seeding ${SCALES} owners...`);
const tokens = [];
for (let i = 0; i < SCALES; i += 1) {
  await post('/api/register', {
    macAddress: mac(i),
    username: `bench${i}`,
    playerName: `B${i}`,
    password: 'bench-pass',
  });
  tokens.push((await post('/api/login', { username: `bench${i}`, password: 'bench-pass' })).token);
}
// Assigning 200 scales one by one through the admin API would measure argon2, not the relay.
const db = new Database(dbFile);
db.prepare(
  "update scales set owner_id = (select id from users where username_key = 'bench' || cast(substr(mac, 3) as integer)), approved = 1",
).run();
db.close();
console.log(' done');

const latencies = [];
let measuring = false;
const open = (url) =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

const viewers = [];
for (let i = 0; i < SCALES; i += 1) {
  for (let v = 0; v < VIEWERS_PER_SCALE; v += 1) {
    const ws = await open(`ws://127.0.0.1:${PORT}/ws?token=${tokens[i]}`);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'SCALE_DATA' && measuring)
        latencies.push(performance.now() - (m.grams - 1000));
      if (m.type === 'PING') ws.send('{"type":"PONG"}');
    });
    ws.send(JSON.stringify({ type: 'SELECT_SCALE', macAddress: mac(i) }));
    viewers.push(ws);
  }
}
const devices = [];
for (let i = 0; i < SCALES; i += 1) {
  const ws = await open(`ws://127.0.0.1:${PORT}/ws/device`);
  ws.send(JSON.stringify({ type: 'HELLO', mac: mac(i) }));
  ws.on('message', (data) => {
    if (JSON.parse(data.toString()).type === 'PING') ws.send('{"type":"PONG"}');
  });
  devices.push(ws);
}
console.log(`${SCALES} scales at 10 Hz, ${viewers.length} viewers, ${SECONDS} s...`);

// The send time rides in the grams (offset so it stays positive and below the protocol's cap).
const timers = devices.map((ws, i) =>
  setTimeout(
    () => {
      const t = setInterval(() => {
        ws.send(
          JSON.stringify({
            type: 'WEIGHT',
            grams: (performance.now() % 90_000) + 1000,
            stable: true,
          }),
        );
      }, 100);
      timers.push(t);
    },
    (i * 100) / SCALES,
  ),
);
await new Promise((r) => setTimeout(r, 2000));
measuring = true;
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
timers.forEach((t) => clearInterval(t));

const sorted = latencies.filter((l) => l >= 0 && l < 90_000).sort((a, b) => a - b);
const pct = (p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const expected = SCALES * 10 * VIEWERS_PER_SCALE * SECONDS;
const result = {
  scales: SCALES,
  viewers: viewers.length,
  samplesDelivered: sorted.length,
  deliveredShare: Math.round((sorted.length / expected) * 1000) / 10,
  p50ms: Math.round(pct(50) * 10) / 10,
  p99ms: Math.round(pct(99) * 10) / 10,
  maxms: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
  budgetP99ms: 30,
};
console.log(JSON.stringify(result));
console.log(
  result.p99ms < 30
    ? 'relay p99 within budget'
    : `relay p99 over budget by ${Math.round((result.p99ms - 30) * 10) / 10} ms`,
);
for (const ws of [...viewers, ...devices]) ws.terminate();
stop();
process.exit(0);
