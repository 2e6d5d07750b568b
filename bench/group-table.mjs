// `node bench/group-table.mjs [--games 10000] [--samples 5] [--wrk]`: the group table at scale
// (docs/PERFORMANCE.md, groups). Seeds a fresh SQLite database (2,000 players, then one group of
// 50 members with `--games` completed group games), starts the server as `npm start` runs it and
// times each group read as seed-heavy (the captain): cold (the first read after one more game
// completed: the median of `--samples`) and warm (the median of 50 reads after it). With
// `--wrk` the warm group leaderboard is also measured under wrk against the bare baseline.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { login } from './lib/api-benches.mjs';
import { startBaseline } from './lib/baseline-server.mjs';
import { completeGroupGame, groupReads, seedGroup } from './lib/group.mjs';
import { seedDatabase } from './lib/seed.mjs';
import { bundleServer, freePort, startServer } from './lib/spawn-server.mjs';
import { measureWithWrk } from './lib/wrk.mjs';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '5' },
    wrk: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
  },
  strict: true,
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'beerscale-group-bench-'));
const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
let server;
let baseline;
try {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await bundleServer();
  const seed = await seedDatabase(databaseUrl, 2_000, 100, join(dir, 'manifest.json'));
  const group = await seedGroup(databaseUrl, Number(values.games), join(dir, 'group.json'));
  console.log(
    `seeded ${group.facts.games} group games (${group.facts.members} members) in ${(group.ms / 1000).toFixed(1)} s`,
  );
  server = await startServer({ databaseUrl, env: { LOGINS_PER_ADDRESS: '1000000' } });
  const token = await login(server.url, seed.facts.heavy.username, seed.facts.password);
  const headers = { authorization: `Bearer ${token}` };
  const reads = groupReads(group.facts);
  const timed = async (read) => {
    const started = performance.now();
    const res = await fetch(`${server.url}${read.path}`, { headers });
    const body = await res.json();
    const ms = performance.now() - started;
    if (!res.ok || !read.check(body)) {
      throw new Error(`${read.path} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    }
    return ms;
  };
  for (const read of reads) await timed(read);
  const cold = new Map(reads.map((r) => [r.id, []]));
  for (let i = 0; i < Number(values.samples); i += 1) {
    for (const read of reads) {
      await completeGroupGame(databaseUrl, group.facts.groupId);
      cold.get(read.id).push(await timed(read));
    }
  }
  console.log('\n| read | cold ms (median) | warm ms (median of 50) |\n| --- | --- | --- |');
  for (const read of reads) {
    const warm = [];
    for (let i = 0; i < 50; i += 1) warm.push(await timed(read));
    console.log(
      `| ${read.name} | ${median(cold.get(read.id)).toFixed(1)} | ${median(warm).toFixed(2)} |`,
    );
  }
  if (values.wrk) {
    const read = reads[0];
    baseline = await startBaseline({
      port: await freePort(),
      file: join(dir, 'baseline-replies.json'),
      serverUrl: server.url,
      paths: [read.path],
      headers,
    });
    const load = {
      paths: [read.path],
      headers,
      concurrency: 20,
      durationMs: Number(values.seconds) * 1000,
      warmupMs: 2000,
    };
    const base = await measureWithWrk({ ...load, url: baseline.url, serverPid: baseline.pid });
    const run = await measureWithWrk({ ...load, url: server.url, serverPid: server.pid });
    console.log(
      `\nwrk -t1 -c20 ${read.path}: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms; ` +
        `baseline ${Math.round(base.rps)} req/s: ${((run.rps / base.rps) * 100).toFixed(1)} %`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await baseline?.stop();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
