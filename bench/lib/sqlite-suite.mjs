// The benchmarks of docs/PERFORMANCE.md on the default deployment: one process on SQLite, seeded with
// `users` players and `games` finished games, against a bare node:http baseline in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, runLogins, runReads, startReadBaseline } from './api-benches.mjs';
import { compressedBytes } from './load.mjs';
import { measureWithWrk } from './wrk.mjs';
import { buildWeb, landingJs, webDist } from './landing-js.mjs';
import { measureSocketMemory } from './memory.mjs';
import { runRelay } from './relay.mjs';
import { all, atLeast, atMost, below, ratioAtLeast } from './report.mjs';
import { seedDatabase } from './seed.mjs';
import { groupReads, seedGroup } from './group.mjs';
import { startBaseline } from './baseline-server.mjs';
import { runCardBurst } from './card-burst.mjs';
import { bundleServer, freePort, startServer } from './spawn-server.mjs';
import { measureStartup } from './startup.mjs';

export const DEFAULTS = {
  users: 100_000,
  games: 20_000,
  seconds: 10,
  warmupSeconds: 2,
  concurrency: 20,
  /** Each read and its baseline this many times, interleaved; the best of each counts. */
  rounds: 2,
  startups: 3,
  sockets: 1_000,
  scales: 200,
  viewersPerScale: 2,
  relaySeconds: 10,
  relayWarmupSeconds: 2,
  socketSettleSeconds: 3,
  cardRequests: 32,
  /** The big group's completed games (issue #41 item 5: 50 members, 10,000 games). */
  groupGames: 10_000,
  build: true,
  dist: webDist,
};

/** Small enough for seconds: the smoke test and `npm run bench -- --quick`. */
export const QUICK = {
  users: 2_000,
  games: 400,
  seconds: 2,
  warmupSeconds: 0.5,
  startups: 2,
  sockets: 100,
  scales: 20,
  relaySeconds: 3,
  groupGames: 1_000,
};

/**
 * @param {Partial<typeof DEFAULTS> & { log?: (line: string) => void }} options
 * @returns {Promise<{ meta: any, rows: import('./report.mjs').Row[] }>}
 */
export async function runSqliteSuite(options = {}) {
  const o = { ...DEFAULTS, ...options };
  const log = options.log ?? ((line) => console.log(line));
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
  // Every simulated player signs in from this one machine: lift the per-address sign-in limit.
  const env = { WEB_DIST: o.dist, LOGINS_PER_ADDRESS: '1000000' };
  const load = {
    concurrency: o.concurrency,
    durationMs: o.seconds * 1000,
    warmupMs: o.warmupSeconds * 1000,
    rounds: o.rounds,
  };
  const stoppers = [];
  try {
    if (o.build) {
      log('building the web app...');
      buildWeb();
    }
    const landing = landingJs(o.dist);
    await bundleServer();

    log(`seeding ${o.users} users and ${o.games} games...`);
    const seed = await seedDatabase(databaseUrl, o.users, o.games, join(dir, 'manifest.json'));
    const { facts } = seed;
    log(`seeding a group of 50 members with ${o.groupGames} games...`);
    const group = await seedGroup(databaseUrl, o.groupGames, join(dir, 'group.json'));

    log(`starting the server ${o.startups} times...`);
    const startup = await measureStartup(databaseUrl, o.startups, env);
    const server = startup.server;
    stoppers.push(server.stop);

    const owners = facts.scaleOwners.slice(0, o.scales);
    const others = facts.usernames.slice(0, Math.max(0, o.sockets - owners.length));
    log(`signing in ${owners.length + others.length} players...`);
    const logins = await runLogins({
      url: server.url,
      usernames: [...owners.map((s) => s.username), ...others],
      password: facts.password,
      concurrency: o.concurrency,
    });
    const token = await login(server.url, facts.heavy.username, facts.password);

    const baseline = await startReadBaseline({ serverUrl: server.url, token, facts, dir });
    stoppers.push(baseline.stop);
    log('REST reads, each after the baseline answering its bytes...');
    const reads = await runReads({
      url: server.url,
      token,
      facts,
      load,
      baseline,
      serverPid: server.pid,
    });
    // The reads whose log lines cost most, again on a second server at LOG_LEVEL=warn (no line
    // per request), each interleaved with the baseline as above: what the default level costs.
    log('the same reads of a server at LOG_LEVEL=warn...');
    const quiet = await startServer({ databaseUrl, env: { ...env, LOG_LEVEL: 'warn' } });
    stoppers.push(quiet.stop);
    const quietReads = await runReads({
      url: quiet.url,
      token,
      facts,
      load,
      baseline,
      serverPid: quiet.pid,
      only: QUIET_READS,
    });
    await quiet.stop();

    const gzipRequest = {
      path: '/api/leaderboard?includeStatus=true&limit=50',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    };
    const gzip = await measureWithWrk({
      url: server.url,
      paths: [gzipRequest.path],
      headers: gzipRequest.headers,
      concurrency: load.concurrency,
      durationMs: load.durationMs,
      warmupMs: load.warmupMs,
      serverPid: server.pid,
    });
    const gzipBytes = await compressedBytes(server.url, gzipRequest);

    // The group table at scale, warm (its replay kept; read as the captain), after the baseline
    // answering its bytes, interleaved like the reads above.
    log(`the group leaderboard over ${group.facts.games} games...`);
    const groupRead = groupReads(group.facts)[0];
    const groupHeaders = { authorization: `Bearer ${token}` };
    const first = await fetch(`${server.url}${groupRead.path}`, { headers: groupHeaders });
    const groupText = await first.text();
    if (!first.ok || !groupRead.check(JSON.parse(groupText))) {
      throw new Error(`${groupRead.path} answered ${first.status}: ${groupText.slice(0, 200)}`);
    }
    const groupBaseline = await startBaseline({
      port: await freePort(),
      file: join(dir, 'group-baseline-replies.json'),
      serverUrl: server.url,
      paths: [groupRead.path],
      headers: groupHeaders,
    });
    stoppers.push(groupBaseline.stop);
    const groupRun = {
      paths: [groupRead.path],
      headers: groupHeaders,
      concurrency: load.concurrency,
      durationMs: load.durationMs,
      warmupMs: load.warmupMs,
    };
    const groupBaseRuns = [];
    const groupRuns = [];
    for (let round = 0; round < load.rounds; round += 1) {
      groupBaseRuns.push(
        await measureWithWrk({ ...groupRun, url: groupBaseline.url, serverPid: groupBaseline.pid }),
      );
      groupRuns.push(await measureWithWrk({ ...groupRun, url: server.url, serverPid: server.pid }));
    }
    const bestRun = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const groupStats = bestRun(groupRuns);
    const groupBase = bestRun(groupBaseRuns);
    await groupBaseline.stop();

    // On a server of its own that served nothing before: the server above has just answered
    // a minute of reads, and V8 keeps the garbage of that load (its heap measured up to 200 MB
    // for a live heap of 42 MB) until its memory reducer runs, some ten seconds after the load
    // ends. What the sockets cost is what an idle server with them holds.
    log(`${o.sockets} idle sockets...`);
    const tokens = [...logins.tokens.values()];
    const idle = await startServer({ databaseUrl, env });
    stoppers.push(idle.stop);
    const memory = await measureSocketMemory({
      url: idle.url,
      pid: idle.pid,
      tokens,
      sockets: o.sockets,
      settleMs: o.socketSettleSeconds * 1000,
    });
    await idle.stop();

    log(`relay: ${owners.length} scales at 10 Hz, ${owners.length * o.viewersPerScale} viewers...`);
    const relay = await runRelay({
      url: server.url,
      owners: owners.map((s) => ({ mac: s.mac, token: logins.tokens.get(s.username) })),
      viewersPerScale: o.viewersPerScale,
      seconds: o.relaySeconds,
      warmupSeconds: o.relayWarmupSeconds,
    });

    log(`/api/health during ${o.cardRequests} concurrent result card requests...`);
    const cards = await runCardBurst({ url: server.url, token, requests: o.cardRequests });

    const base = reads.leaderboard.baseline;
    const floor = reads.health.ratio;
    const vs = (stats) => stats.rps / base.rps;
    const readRow = (id, extra = {}) => ({
      id,
      name: reads[id].name,
      rps: reads[id].rps,
      p50: reads[id].p50,
      p99: reads[id].p99,
      baseRps: reads[id].baseline.rps,
      ratio: reads[id].ratio,
      floor,
      value: reads[id].replyBytes / 1024,
      unit: 'KB reply',
      ...extra,
    });
    /** The same read on the server at LOG_LEVEL=warn (no budget: the default is what counts). */
    const quietRow = (id) => ({
      id: `${id}-warn`,
      name: 'the same, server at LOG_LEVEL=warn',
      rps: quietReads[id].rps,
      p50: quietReads[id].p50,
      p99: quietReads[id].p99,
      baseRps: quietReads[id].baseline.rps,
      ratio: quietReads[id].ratio,
      floor,
    });
    const statuses = Object.entries(cards.statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(', ');
    const rows = [
      {
        id: 'baseline',
        name: 'bare node:http answering the leaderboard page’s bytes (baseline)',
        rps: base.rps,
        p50: base.p50,
        p99: base.p99,
        baseRps: base.rps,
        ratio: 1,
      },
      generatorRow(base),
      readRow('health', { budget: ratioAtLeast(reads.health.ratio, 0.85, 0.8) }),
      quietRow('health'),
      readRow('auth'),
      readRow('leaderboard', {
        budget: all(
          ratioAtLeast(reads.leaderboard.ratio, 0.65, 0.5),
          below(reads.leaderboard.p99, 5, 'ms', 'p99 '),
        ),
      }),
      quietRow('leaderboard'),
      {
        id: 'leaderboard-gzip',
        name: 'the same, compressed (Accept-Encoding: br, gzip)',
        rps: gzip.rps,
        p50: gzip.p50,
        p99: gzip.p99,
        baseRps: base.rps,
        ratio: vs(gzip),
        floor,
        value: gzipBytes / 1024,
        unit: 'KB reply',
      },
      {
        id: 'group-leaderboard',
        name: groupRead.name,
        rps: groupStats.rps,
        p50: groupStats.p50,
        p99: groupStats.p99,
        baseRps: groupBase.rps,
        ratio: groupStats.rps / groupBase.rps,
        floor,
        value: Buffer.byteLength(groupText) / 1024,
        unit: 'KB reply',
        // The leaderboard's budget (issue #41 item 5).
        budget: all(
          ratioAtLeast(groupStats.rps / groupBase.rps, 0.65, 0.5),
          below(groupStats.p99, 5, 'ms', 'p99 '),
        ),
      },
      readRow('home', { budget: ratioAtLeast(reads.home.ratio, 0.5, 0.25) }),
      quietRow('home'),
      readRow('state'),
      readRow('search'),
      {
        id: 'login',
        name: `POST /api/login (argon2id 19 MiB, 2 passes; ${logins.stats.requests} players)`,
        rps: logins.stats.rps,
        p50: logins.stats.p50,
        p99: logins.stats.p99,
        baseRps: base.rps,
        ratio: vs(logins.stats),
        floor,
      },
      {
        id: 'relay',
        name: `WEIGHT -> SCALE_DATA, ${relay.scales} scales at 10 Hz, ${relay.viewers} viewers`,
        p50: relay.p50,
        p99: relay.p99,
        value: relay.deliveredShare * 100,
        unit: '% delivered',
        // Frames a viewer never got would flatter the p99: nearly all must arrive.
        budget: all(
          below(relay.p99, 30, 'ms', 'p99 '),
          atLeast(relay.deliveredShare * 100, 99, '%', 'delivered '),
        ),
      },
      {
        id: 'card-burst',
        name: `GET /api/health’s median while ${o.cardRequests} requests for a running game’s watch card arrive at once (${statuses}; ${cards.samples} health requests)`,
        value: cards.burstMedianMs,
        unit: 'ms',
        note: `at rest ${cards.restMedianMs.toFixed(1)} ms, max during ${cards.burstMaxMs.toFixed(0)} ms, burst ${Math.round(cards.burstMs)} ms`,
        budget: below(cards.burstMedianMs, 60, 'ms'),
      },
      {
        id: 'startup',
        name: `start-up until /api/health answers (median of ${startup.samples.length})`,
        value: startup.medianMs,
        unit: 'ms',
        budget: below(startup.medianMs, 1500, 'ms'),
      },
      {
        id: 'memory',
        name: `server RSS with ${memory.sockets} idle signed-in sockets (${memory.users} players)`,
        value: memory.rssMb,
        unit: 'MB',
        note: `${memory.rssBeforeMb.toFixed(1)} MB before`,
        // Sockets the server closed (a cap, an error) would be memory not measured.
        budget: all(
          atMost(memory.rssMb, 150, 'MB'),
          atLeast(memory.sockets, o.sockets, 'sockets', 'open '),
        ),
      },
      {
        id: 'landing-js',
        name: `landing page first-load JS (${landing.files.length} files), gzip`,
        value: landing.gzipKb,
        unit: 'KB',
        budget: atMost(landing.gzipKb, 90, 'KB'),
      },
    ];
    return {
      meta: {
        users: o.users,
        games: o.games,
        seedMs: seed.ms,
        seconds: o.seconds,
        concurrency: o.concurrency,
        startupSamples: startup.samples,
        memory,
        relay,
        cards,
        landing,
        baselineReplyBytes: baseline.bytes,
      },
      rows,
    };
  } finally {
    for (const stop of stoppers.reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The reads measured again on a server at LOG_LEVEL=warn. */
const QUIET_READS = ['health', 'leaderboard', 'home'];

/** A process at this share of one core or more is taken to have saturated its core. */
export const SATURATED = 0.9;

/**
 * The load generator's headroom while it drove the baseline: the baseline (one node process)
 * at a whole core while wrk had CPU to spare means the baseline's rate is node:http's limit,
 * not the generator's, so the ratios measure the server. The row says which it was; when
 * neither reached a core, other processes had the CPU (a busy machine), and the ratios compare
 * the shares each process got rather than each one's limit.
 */
export function generatorRow(base) {
  const gen = base.generatorCpu;
  const srv = base.serverCpu;
  const verdict =
    srv >= SATURATED
      ? gen >= SATURATED
        ? 'both saturated their core: the generator may be the limit'
        : 'the baseline saturated its core, wrk did not'
      : gen >= SATURATED
        ? 'wrk saturated its core, the baseline did not: the generator is the limit'
        : 'neither saturated a core: the machine was busy';
  return {
    id: 'generator',
    name: `load generator (wrk, 1 thread) while driving the baseline: ${Math.round(gen * 100)} % of a core; baseline process ${Math.round(srv * 100)} %; ${verdict}`,
    value: srv / gen,
    unit: '× the generator’s CPU',
    // The baseline's rate is node:http's limit only when it used its whole core while the
    // generator that fed it had CPU to spare.
    budget: {
      text: `baseline ≥ ${SATURATED * 100} % of a core, generator below`,
      pass: srv >= SATURATED && gen < SATURATED,
      miss: verdict,
    },
  };
}
